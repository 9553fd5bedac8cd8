import { z } from "zod";

export const ErrorResponse = z.object({ message: z.string() }).meta({ id: "Error" });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** Emails are compared without case and surrounding spaces. */
export const Email = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "email must be a valid email address" }).max(254));

export const Pincode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "pincode must be 6 digits");

/** Money on the wire: a decimal string with 2 places. */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);
