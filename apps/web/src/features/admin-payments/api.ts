import {
  AdminPayment,
  AdminPaymentsResponse,
  type ApprovePaymentBody,
  type PaymentsQuery,
  type RejectPaymentBody,
} from "@portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { adminList, deskKeys, type ListQuery, post, useAdminAction } from "../../admin-kit/query";

export type AdminPaymentsFilter = ListQuery<typeof PaymentsQuery>;

const paymentsKey = deskKeys<AdminPaymentsFilter>("payments");
export const adminPaymentKeys = {
  ...paymentsKey,
};

const paymentList = adminList(adminPaymentKeys.list, "/api/admin/payments", AdminPaymentsResponse);

export const adminPaymentQueries = { list: paymentList.query };
export const exportAdminPayments = paymentList.exportRows;

export const useAdminPayments = (q: AdminPaymentsFilter) => useQuery(adminPaymentQueries.list(q));

export const useApprovePayment = () =>
  useAdminAction(({ id, amountReceived }: { id: number } & ApprovePaymentBody) =>
    post(
      `/api/admin/payments/${id}/approve`,
      AdminPayment,
      amountReceived === undefined ? {} : { amountReceived },
    ),
  );
export const useRejectPayment = () =>
  useAdminAction(({ id, reason }: { id: number } & RejectPaymentBody) =>
    post(`/api/admin/payments/${id}/reject`, AdminPayment, { reason }),
  );
