import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { AdminEwayBill } from "@portal/contracts";
import { EWAYBILL_NUMBER, ewayBillMessages } from "@portal/domain";
import { useState } from "react";
import { dateTime, money } from "../../admin-kit/format";
import { DateField } from "../../components/DateFields";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { downloadEwayBillJson, useEnterEwayBill, useGenerateEwayBill, useLoadEwayBill } from "./api";

const STATE_COLOURS: Record<AdminEwayBill["state"], string> = {
  "not needed": "gray",
  needed: "red",
  generated: "green",
  entered: "green",
};

/**
 * A load's e-way bill on its detail: whether it needs one (its value against the limit), its number
 * and valid until once it has one, Generate (through the e-way bill system), Enter number, Download
 * JSON. A load above the limit cannot ship until it has one: the panel says so.
 */
export function EwayBillPanel({ loadId, shipped }: { loadId: number; shipped: boolean }) {
  const { data: bill, error } = useLoadEwayBill(loadId);
  const generate = useGenerateEwayBill();
  const enter = useEnterEwayBill();
  const [entering, setEntering] = useState(false);
  const [number, setNumber] = useState("");
  const [validUntil, setValidUntil] = useState("");
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!bill) return null;
  const open = bill.state === "needed";
  const numberProblem =
    number !== "" && !EWAYBILL_NUMBER.test(number.trim()) ? ewayBillMessages.numberShape : null;

  async function onGenerate() {
    try {
      const done = await generate.mutateAsync(loadId);
      notify.success(
        `E-way bill ${done.number} generated for load ${loadId}, valid until ${dateTime(done.validUntil)}.`,
      );
    } catch (e) {
      notify.error(errorMessage(e));
    }
  }
  async function onEnter() {
    try {
      const done = await enter.mutateAsync({
        id: loadId,
        number: number.trim(),
        validUntil: validUntil || null,
      });
      notify.success(`E-way bill ${done.number} recorded for load ${loadId}.`);
      setEntering(false);
      setNumber("");
    } catch (e) {
      notify.error(errorMessage(e));
    }
  }

  return (
    <Paper withBorder p="sm" data-testid="ewaybill-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>E-way bill</Title>
          <Badge color={STATE_COLOURS[bill.state]} variant="light" data-testid="ewaybill-state">
            {bill.state}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              Number
            </Text>
            <Text size="sm" fw={600} data-testid="ewaybill-number">
              {bill.number ?? "–"}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Valid until
            </Text>
            <Text size="sm" data-testid="ewaybill-valid-until">
              {bill.validUntil ? dateTime(bill.validUntil) : "–"}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Value / limit
            </Text>
            <Text size="sm">
              {money(bill.consignmentValue)} / {money(bill.limit)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Document
            </Text>
            <Text size="sm">{bill.document?.number ?? "–"}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Distance
            </Text>
            <Text size="sm">{bill.distanceKm === null ? "–" : `${bill.distanceKm} km`}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              From
            </Text>
            <Text size="sm">{bill.system ?? (open ? `generate via ${bill.ewbSystem}` : "–")}</Text>
          </div>
        </SimpleGrid>
        {bill.reason && (
          <Text size="sm" c="dimmed">
            {bill.reason}
          </Text>
        )}
        {open && !shipped && (
          <Alert color="yellow" data-testid="ewaybill-blocks-ship">
            {ewayBillMessages.panelBlocksShip}
            {bill.blocker ? ` ${bill.blocker}` : ""}
          </Alert>
        )}
        {bill.problems.length > 0 && (
          <Alert color="red" title="NIC's schema finds">
            {bill.problems.join("; ")}
          </Alert>
        )}
        <Group gap="xs">
          {open && (
            <Button
              size="xs"
              onClick={onGenerate}
              loading={generate.isPending}
              disabled={bill.blocker !== null}
              data-testid="ewaybill-generate"
            >
              Generate
            </Button>
          )}
          {open && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setEntering((v) => !v)}
              data-testid="ewaybill-enter"
            >
              Enter number
            </Button>
          )}
          {bill.json && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => notify.success(`Saved ${downloadEwayBillJson(bill)}`)}
              data-testid="ewaybill-json"
            >
              Download JSON
            </Button>
          )}
        </Group>
        {entering && open && (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="E-way bill number"
              placeholder="12 digits"
              inputMode="numeric"
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value)}
              error={numberProblem}
              data-testid="ewaybill-number-input"
            />
            <DateField label="Valid until (optional)" future value={validUntil} onChange={setValidUntil} />
            <Button
              size="sm"
              onClick={onEnter}
              loading={enter.isPending}
              disabled={number.trim() === "" || numberProblem !== null}
              data-testid="ewaybill-save"
            >
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
