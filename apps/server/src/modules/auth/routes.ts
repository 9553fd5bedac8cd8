import {
  CheckTokenResponse,
  ErrorResponse,
  ForgotPasswordQuery,
  LoginBody,
  MessageResponse,
  ResetPasswordBody,
  TokenParam,
  TokenResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    "/api/auth/local",
    {
      config: { access: "public" },
      schema: {
        tags: ["session"],
        summary: "Sign in",
        body: LoginBody,
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (request) => ({ token: await auth.login(request.body.email, request.body.password, request.ip) }),
  );

  app.get(
    "/api/forgotpassword",
    {
      config: { access: "public" },
      schema: {
        tags: ["session"],
        summary: "Mail a password reset link",
        querystring: ForgotPasswordQuery,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => ({ message: await auth.forgotPassword(request.query.userEmail, request.ip) }),
  );

  app.get(
    "/api/forgotpassword/checkToken/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["session"],
        summary: "Check a reset link; returns its email",
        params: TokenParam,
        response: { 200: CheckTokenResponse, ...errors },
      },
    },
    async (request) => auth.checkResetToken(request.params.token),
  );

  app.post(
    "/api/forgotpassword/reset",
    {
      config: { access: "public" },
      schema: {
        tags: ["session"],
        summary: "Set a new password with a reset link",
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => ({
      message: await auth.resetPassword(request.body.token, request.body.email, request.body.newPassword),
    }),
  );

  app.post(
    "/api/auth/logout",
    {
      config: { access: "user" },
      schema: {
        tags: ["session"],
        summary: "Sign out (ends this session)",
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
      await auth.logout(token);
      return { message: "Signed out" };
    },
  );
};
