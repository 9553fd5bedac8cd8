import { Button, Group, NumberInput, Paper, Stack, Switch, Table, Text, Title } from "@mantine/core";
import type { AutoConfirmSetting } from "@portal/contracts";
import { ACCOUNT_TYPES, type AccountType } from "@portal/domain";
import { useState } from "react";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { HistoryPanel } from "../../admin-kit/HistoryPanel";
import { ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useAutoConfirmSettings, useSaveAutoConfirm } from "./api";

/** An account type the server has no row for: the job leaves its orders alone. */
const off = (accountType: AccountType): AutoConfirmSetting => ({
  accountType,
  autoConfirm: false,
  delayMinutes: 0,
});

const describe = (s: AutoConfirmSetting) => (s.autoConfirm ? `on after ${s.delayMinutes} min` : "off");

/** Auto-confirm per account type: whether the job confirms Pending orders, and after how many minutes. */
export function AutoConfirmPage() {
  usePageTitle("Admin Console: Auto-confirm");
  const settings = useAutoConfirmSettings();
  const save = useSaveAutoConfirm();
  const [draft, setDraft] = useState<Partial<Record<AccountType, AutoConfirmSetting>>>({});
  const [asking, setAsking] = useState(false);

  if (settings.isError)
    return <ErrorState description={errorMessage(settings.error)} onRetry={() => settings.refetch()} />;
  const saved = new Map((settings.data ?? []).map((s) => [s.accountType, s]));
  const savedOf = (t: AccountType) => saved.get(t) ?? off(t);
  const shown = (t: AccountType) => draft[t] ?? savedOf(t);
  const changes = ACCOUNT_TYPES.map(shown).filter((s) => describe(s) !== describe(savedOf(s.accountType)));
  const edit = (t: AccountType, change: Partial<AutoConfirmSetting>) =>
    setDraft((d) => ({ ...d, [t]: { ...shown(t), ...change } }));

  const doSave = async () => {
    const result = await act(
      save.mutateAsync(changes),
      () => `Auto-confirm saved: ${changes.map((c) => `${c.accountType} ${describe(c)}`).join(", ")}.`,
    );
    if (result) setDraft({});
    setAsking(false);
  };

  return (
    <Stack gap="md" data-testid="auto-confirm">
      <Title order={2} fz={22}>
        Auto-confirm
      </Title>
      <Text size="sm" c="dimmed">
        Pending orders of an account type with auto-confirm on are confirmed in full by the job once they have
        waited the delay.
      </Text>
      <Paper withBorder radius="md" p="md">
        {!settings.data ? (
          <Text c="dimmed">Loading settings…</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account type</Table.Th>
                <Table.Th>Auto-confirm</Table.Th>
                <Table.Th>Delay (minutes)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ACCOUNT_TYPES.map((t) => (
                <Table.Tr key={t} data-testid={`auto-confirm-${t}`}>
                  <Table.Td>{t}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={shown(t).autoConfirm}
                      onChange={(e) => edit(t, { autoConfirm: e.currentTarget.checked })}
                      aria-label={`Auto-confirm ${t} orders`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      w={110}
                      min={0}
                      max={43_200}
                      allowDecimal={false}
                      clampBehavior="strict"
                      value={shown(t).delayMinutes}
                      onChange={(v) => edit(t, { delayMinutes: Number(v) || 0 })}
                      aria-label={`Delay of ${t} orders in minutes`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end" mt="sm">
          <Button
            disabled={changes.length === 0}
            onClick={() => setAsking(true)}
            data-testid="auto-confirm-save"
          >
            Save
          </Button>
        </Group>
      </Paper>
      <HistoryPanel entity="settings" entityId="autoConfirm" />
      <AskDialog
        opened={asking}
        title="Save auto-confirm"
        message={`Change auto-confirm: ${changes
          .map((c) => `${c.accountType} from ${describe(savedOf(c.accountType))} to ${describe(c)}`)
          .join("; ")}? The job applies it to Pending orders from its next run.`}
        confirmLabel="Save"
        loading={save.isPending}
        onConfirm={doSave}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
