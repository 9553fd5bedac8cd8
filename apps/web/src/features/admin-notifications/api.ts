import { type BroadcastBody, BroadcastResponse } from "@portal/contracts";
import type { z } from "zod";
import { post, useAdminAction } from "../../admin-kit/query";

export const useBroadcast = () =>
  useAdminAction((body: z.input<typeof BroadcastBody>) =>
    post("/api/admin/notifications/broadcast", BroadcastResponse, body),
  );
