import { Anchor, Button, Drawer, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import type { AdminWaybill } from "@portal/contracts";
import { WAYBILL_LIFECYCLE } from "@portal/domain";
import { useState } from "react";
import { dateTime, money } from "../../admin-kit/format";
import { canBecome } from "../../admin-kit/lifecycle";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { useWaybillDocuments, useWaybillDocumentUrl } from "./api";

/** One uploaded PDF shown in place from its short-lived signed address, with a link that opens it alone. */
function DocumentViewer({ path, fileName }: { path: string; fileName: string }) {
  const signed = useWaybillDocumentUrl(path);
  if (signed.isError)
    return (
      <Text size="sm" c="red">
        {errorMessage(signed.error)}
      </Text>
    );
  if (!signed.data)
    return (
      <Text size="sm" c="dimmed">
        Opening {fileName}…
      </Text>
    );
  return (
    <Stack gap="xs">
      <Anchor
        href={signed.data.url}
        target="_blank"
        rel="noopener"
        size="sm"
        data-testid="waybill-document-link"
      >
        Open {fileName} in a new tab
      </Anchor>
      <iframe
        src={signed.data.url}
        title={`Waybill document ${fileName}`}
        style={{
          width: "100%",
          height: "65vh",
          border: "1px solid var(--mantine-color-gray-3)",
          borderRadius: 8,
        }}
        data-testid="waybill-document"
      />
    </Stack>
  );
}

/** A waybill request's uploaded documents, to see before closing it; Close from here asks first. */
export function WaybillDocuments({
  waybill,
  onClose,
  onCloseWaybill,
}: {
  waybill: AdminWaybill | null;
  onClose: () => void;
  onCloseWaybill: (w: AdminWaybill) => void;
}) {
  const documents = useWaybillDocuments(waybill?.id ?? null);
  const [picked, setPicked] = useState<string | null>(null);
  const files = documents.data ?? [];
  // the newest document unless another is picked
  const shown = files.find((f) => f.path === picked) ?? files.at(-1) ?? null;
  return (
    <Drawer
      opened={waybill !== null}
      onClose={() => {
        setPicked(null);
        onClose();
      }}
      position="right"
      size="xl"
      zIndex={300}
      title={
        <Text fw={600}>
          Waybill {waybill?.requestId} · load {waybill?.loadId}
        </Text>
      }
    >
      {waybill && (
        <Stack gap="sm" data-testid="waybill-documents">
          <Group justify="space-between">
            <Text size="sm">
              {waybill.partnerName} · {money(waybill.invoiceValue)} · {waybill.totalQty} units · AWB{" "}
              {waybill.awbNo ?? "–"}
            </Text>
            <StatusBadge status={waybill.status} />
          </Group>
          {documents.isError ? (
            <Text size="sm" c="red">
              {errorMessage(documents.error)}
            </Text>
          ) : !documents.data ? (
            <Text size="sm" c="dimmed">
              Loading the documents…
            </Text>
          ) : files.length === 0 ? (
            <Text size="sm" c="dimmed">
              The partner has not uploaded a document yet.
            </Text>
          ) : (
            <>
              {files.length > 1 && (
                <SegmentedControl
                  size="xs"
                  value={shown?.path ?? ""}
                  onChange={setPicked}
                  data={files.map((f, i) => ({ value: f.path, label: `${i + 1}. ${f.fileName}` }))}
                />
              )}
              {shown && (
                <>
                  <Text size="xs" c="dimmed">
                    Uploaded {dateTime(shown.uploadedAt)}
                    {shown.comment ? ` · “${shown.comment}”` : ""}
                  </Text>
                  <DocumentViewer key={shown.path} path={shown.path} fileName={shown.fileName} />
                </>
              )}
            </>
          )}
          {canBecome(WAYBILL_LIFECYCLE, waybill.status, "Closed") && (
            <Group justify="flex-end">
              <Button size="xs" onClick={() => onCloseWaybill(waybill)} data-testid="close-waybill">
                Close waybill…
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
