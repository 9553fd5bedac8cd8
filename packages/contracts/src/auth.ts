import {
  INDIAN_MOBILE,
  indianMobileMessage,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from "@portal/domain";
import { z } from "zod";
import { Email, text } from "./common";

export const NewPassword = text("newPassword")
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    // beside the pattern of text() (no control characters): a letter and a digit somewhere
    allOf: [{ pattern: "[A-Za-z]" }, { pattern: "\\d" }],
    description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters with at least one letter and one number`,
  });

export const LoginBody = z
  .object({
    email: Email,
    password: text("password").min(1, "password is required").max(200),
  })
  .meta({ examples: [{ email: "franchisee@demo.in", password: "Demo@1234" }] });
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const ForgotPasswordQuery = z.object({ userEmail: Email });
/** In the path: at most 100 characters, the longest path parameter Fastify's router takes (longer: 414). */
export const TokenParam = z.object({ token: text("token").min(10).max(100) });
export const CheckTokenResponse = z.object({ email: z.string() });

export const ResetPasswordBody = z.object({
  token: text("token").min(10).max(200),
  email: Email,
  newPassword: NewPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ChangePasswordBody = z.object({
  oldPassword: text("oldPassword").min(1, "oldPassword is required").max(200),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const KioskGuestLoginBody = z
  .object({
    MobileNo: text("MobileNo").trim().regex(INDIAN_MOBILE, indianMobileMessage("MobileNo")),
    firstName: text("firstName").trim().max(60).optional(),
  })
  .meta({ examples: [{ MobileNo: "9812345678", firstName: "Ravi" }] });
export const KioskGuestLoginResponse = z.object({
  token: z.string(),
  customer: z.object({ mobileNo: z.string(), firstName: z.string().nullable() }),
});

// Inferred types of the schemas above, for server and web alike.
export type ForgotPasswordQuery = z.infer<typeof ForgotPasswordQuery>;
export type TokenParam = z.infer<typeof TokenParam>;
export type CheckTokenResponse = z.infer<typeof CheckTokenResponse>;
export type KioskGuestLoginBody = z.infer<typeof KioskGuestLoginBody>;
export type KioskGuestLoginResponse = z.infer<typeof KioskGuestLoginResponse>;
