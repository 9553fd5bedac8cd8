import {
  AdminLedgerEntry,
  AdminLedgerResponse,
  IDEMPOTENCY_KEY_HEADER,
  LedgerAgeing,
  type LedgerNoteBody,
} from "@portal/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminKeys, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

const ledgerKey = [...adminKeys.all, "ledger"] as const;
export const adminLedgerKeys = {
  all: ledgerKey,
  statement: (userId: number, ledgerAccount: number) =>
    [...ledgerKey, "statement", userId, ledgerAccount] as const,
  ageing: (userId: number, ledgerAccount: number) => [...ledgerKey, "ageing", userId, ledgerAccount] as const,
};

export const adminLedgerQueries = {
  /** The partner's whole journal on one ledger account, with its closing balance. */
  statement: (userId: number, ledgerAccount: number) =>
    queryOptions({
      queryKey: adminLedgerKeys.statement(userId, ledgerAccount),
      queryFn: ({ signal }) =>
        request(`/api/admin/ledger/${userId}`, {
          schema: AdminLedgerResponse,
          query: { ledgerAccount },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** What the partner owes today by age. */
  ageing: (userId: number, ledgerAccount: number) =>
    queryOptions({
      queryKey: adminLedgerKeys.ageing(userId, ledgerAccount),
      queryFn: ({ signal }) =>
        request(`/api/admin/ledger/${userId}/ageing`, {
          schema: LedgerAgeing,
          query: { ledgerAccount },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

export const useLedgerStatement = (userId: number, ledgerAccount: number) =>
  useQuery(adminLedgerQueries.statement(userId, ledgerAccount));
export const useLedgerAgeing = (userId: number, ledgerAccount: number) =>
  useQuery(adminLedgerQueries.ageing(userId, ledgerAccount));

/** A correction (or courier) note; the key makes a retried click post it once. */
export const usePostLedgerNote = () =>
  useAdminAction(
    ({ userId, key, ...body }: { userId: number; key: string } & z.input<typeof LedgerNoteBody>) =>
      request(`/api/admin/ledger/${userId}/notes`, {
        method: "POST",
        body,
        schema: AdminLedgerEntry,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
  );
