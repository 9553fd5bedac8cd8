import { Skeleton, Switch, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { preferencesQuery, useSetPreferences } from "./api";

export const MONTHLY_STATEMENT_LABEL = "Mail me my statement on the 1st of each month";

/**
 * The partner's setting for the monthly ledger statement by mail (kept on the server): a switch,
 * its height held while the setting loads so nothing below it moves.
 */
export function MonthlyStatementSetting({ email }: { email: string }) {
  const setting = useQuery(preferencesQuery());
  const save = useSetPreferences();
  const checked = save.isPending
    ? (save.variables?.monthlyStatement ?? false)
    : setting.data?.monthlyStatement;
  return (
    <div style={{ minHeight: 48 }}>
      {setting.isPending ? (
        <Skeleton height={44} aria-label="Loading your setting" />
      ) : setting.isError ? (
        <Text c="red.8" size="sm">
          {errorMessage(setting.error)}
        </Text>
      ) : (
        <Switch
          checked={checked ?? false}
          disabled={save.isPending}
          label={MONTHLY_STATEMENT_LABEL}
          description={`Last month's statement as PDF, mailed to ${email}.`}
          onChange={(event) => {
            const monthlyStatement = event.currentTarget.checked;
            save.mutate(
              { monthlyStatement },
              {
                onSuccess: () =>
                  notify.success(
                    monthlyStatement
                      ? `Your statement will be mailed to ${email} on the 1st of each month.`
                      : "Your statement will no longer be mailed each month.",
                  ),
                onError: (error) => notify.error(errorMessage(error)),
              },
            );
          }}
        />
      )}
    </div>
  );
}
