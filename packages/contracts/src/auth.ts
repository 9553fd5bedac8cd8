import { passwordProblem } from "@portal/domain";
import { z } from "zod";
import { Email } from "./common";

export const NewPassword = z.string({ error: "newPassword is required" }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const LoginBody = z.object({
  email: Email,
  password: z.string({ error: "password is required" }).min(1, "password is required").max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const ForgotPasswordQuery = z.object({ userEmail: Email });
export const TokenParam = z.object({ token: z.string().min(10).max(200) });
export const CheckTokenResponse = z.object({ email: z.string() });

export const ResetPasswordBody = z.object({
  token: z.string({ error: "token is required" }).min(10).max(200),
  email: Email,
  newPassword: NewPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ChangePasswordBody = z.object({
  oldPassword: z.string({ error: "oldPassword is required" }).min(1, "oldPassword is required"),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const KioskGuestLoginBody = z.object({
  MobileNo: z
    .string({ error: "MobileNo is required" })
    .trim()
    .regex(/^[6-9]\d{9}$/, "MobileNo must be a 10-digit Indian mobile number"),
  firstName: z.string().trim().max(60).optional(),
});
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
