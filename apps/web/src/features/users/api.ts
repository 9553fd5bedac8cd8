import { type ChangePasswordBody, MessageResponse } from "@portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { request } from "../../lib/api";

/** PUT /api/users/{id}/password */
export const useChangePassword = (userId: number) =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      request(`/api/users/${userId}/password`, { method: "PUT", body, schema: MessageResponse }),
  });
