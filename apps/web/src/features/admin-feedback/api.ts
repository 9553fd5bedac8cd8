import {
  type AdminFeedbackQuery,
  AdminFeedbackResponse,
  AdminFeedbackThread,
  type FeedbackReplyBody,
} from "@portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { adminList, deskKeys, type ListQuery, post, useAdminAction } from "../../admin-kit/query";

export type AdminFeedbackFilter = ListQuery<typeof AdminFeedbackQuery>;

const feedbackKey = deskKeys<AdminFeedbackFilter>("feedback");
export const adminFeedbackKeys = {
  ...feedbackKey,
};

const feedbackList = adminList(adminFeedbackKeys.list, "/api/admin/feedback", AdminFeedbackResponse);

export const adminFeedbackQueries = { list: feedbackList.query };
export const exportAdminFeedback = feedbackList.exportRows;

export const useAdminFeedback = (q: AdminFeedbackFilter) => useQuery(adminFeedbackQueries.list(q));

export const useReplyToFeedback = () =>
  useAdminAction(({ id, message }: { id: number } & FeedbackReplyBody) =>
    post(`/api/admin/feedback/${id}/replies`, AdminFeedbackThread, { message }),
  );
