import { z } from "zod";

/**
 * A form schema plus a `confirmPassword` field that must repeat the password in `field`
 * (the check runs in the browser only; the server never sees `confirmPassword`).
 */
export function withConfirmPassword<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(
  schema: z.ZodObject<Shape, Config>,
  field: keyof Shape & string,
) {
  return schema
    .extend({ confirmPassword: z.string() })
    .refine((v) => (v as Record<string, unknown>)[field] === v.confirmPassword, {
      path: ["confirmPassword"],
      message: "Passwords do not match",
    });
}
