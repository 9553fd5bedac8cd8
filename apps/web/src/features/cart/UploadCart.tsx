import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
} from "@mantine/core";
import type { CartUploadReport } from "@portal/contracts";
import {
  CART_CSV_COLUMNS,
  CART_CSV_HEADER,
  CART_UPLOAD_MAX_BYTES,
  cartCsvTemplate,
  formatCount,
  messages,
  notServiceableUpload,
  readInvalidCsv,
  tooLargeUploadMessage,
  uploadHeadline,
} from "@portal/domain";
import { IconDownload, IconFileUpload, IconInfoCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { CART_KEY } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { useUploadCart } from "./api";
import classes from "./cart.module.css";

/** A report lists at most this many rows per tab; the counts stay exact. */
const REPORT_ROWS = 500;

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <div>
      <Text fz={22} fw={800} c={color} className={classes.num}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

function More({ total, listed = total }: { total: number; listed?: number }) {
  const shown = Math.min(listed, REPORT_ROWS);
  if (total <= shown) return null;
  return (
    <Text size="xs" c="dimmed" mt={6}>
      The first {formatCount(shown)} of {formatCount(total)} rows are shown.
    </Text>
  );
}

function RowsTable({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <ScrollArea.Autosize mah={300} type="auto">
      <Table fz="sm" verticalSpacing={4} horizontalSpacing="sm" stickyHeader striped>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The row-by-row answer of an upload: what was added, updated or left, and what was dropped and why. */
/** Header of the added and updated tables: the file's row, the product and its quantity. */
const PRODUCT_ROWS_HEAD = (
  <Table.Tr>
    <Table.Th w={80}>Row</Table.Th>
    <Table.Th>Product ID</Table.Th>
    <Table.Th ta="right">Quantity</Table.Th>
  </Table.Tr>
);

export function UploadReport({
  report,
  fileName,
  onClose,
}: {
  report: CartUploadReport | null;
  fileName: string;
  onClose: () => void;
}) {
  if (report === null) return null;
  // The report lists the first 100 dropped rows and counts the rest.
  const droppedTotal = report.dropped.length + (report.droppedNotListed ?? 0);
  const first = report
    ? droppedTotal > 0 && report.added.length + report.updated.length === 0
      ? "dropped"
      : report.added.length > 0
        ? "added"
        : report.updated.length > 0
          ? "updated"
          : "dropped"
    : "added";
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      title={`Upload report: ${fileName}`}
      size={760}
      yOffset="12vh"
      zIndex={400}
    >
      {report && (
        <Stack gap="md" data-testid="upload-report">
          <Alert
            variant="light"
            color={droppedTotal > 0 ? "yellow" : "teal"}
            icon={<IconInfoCircle size={18} />}
            title={uploadHeadline({
              changed: report.added.length + report.updated.length,
              unchanged: report.unchanged.length,
            })}
            data-testid="upload-message"
          >
            <Stack gap={2}>
              {report.unserviceable.length > 0 && (
                <Text size="sm">{notServiceableUpload(report.unserviceable)}</Text>
              )}
              <Text size="sm">
                {droppedTotal === 0
                  ? "Every row of the file was used."
                  : `${formatCount(droppedTotal)} ${droppedTotal === 1 ? "row was" : "rows were"} dropped: the Dropped tab says why.`}
              </Text>
            </Stack>
          </Alert>
          <SimpleGrid cols={4} spacing="md">
            <Count label="Added" value={report.added.length} color="teal.8" />
            <Count label="Updated" value={report.updated.length} color="brand.8" />
            <Count label="Unchanged" value={report.unchanged.length} color="gray.7" />
            <Count label="Dropped" value={droppedTotal} color="red.8" />
          </SimpleGrid>
          <Tabs defaultValue={first} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="added">Added ({formatCount(report.added.length)})</Tabs.Tab>
              <Tabs.Tab value="updated">Updated ({formatCount(report.updated.length)})</Tabs.Tab>
              <Tabs.Tab value="unchanged">Unchanged ({formatCount(report.unchanged.length)})</Tabs.Tab>
              <Tabs.Tab value="dropped" data-testid="upload-dropped-tab">
                Dropped ({formatCount(droppedTotal)})
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="added" pt="sm">
              {report.added.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No new products.
                </Text>
              ) : (
                <RowsTable head={PRODUCT_ROWS_HEAD}>
                  {report.added.slice(0, REPORT_ROWS).map((r) => (
                    <Table.Tr key={r.row} data-testid="upload-added-row">
                      <Table.Td className={classes.num}>{r.row}</Table.Td>
                      <Table.Td className={classes.num}>{r.productId}</Table.Td>
                      <Table.Td ta="right" className={classes.num}>
                        {r.qty}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </RowsTable>
              )}
              <More total={report.added.length} />
            </Tabs.Panel>
            <Tabs.Panel value="updated" pt="sm">
              {report.updated.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No quantity in the cart was changed.
                </Text>
              ) : (
                <RowsTable head={PRODUCT_ROWS_HEAD}>
                  {report.updated.slice(0, REPORT_ROWS).map((r) => (
                    <Table.Tr key={r.row} data-testid="upload-updated-row">
                      <Table.Td className={classes.num}>{r.row}</Table.Td>
                      <Table.Td className={classes.num}>{r.productId}</Table.Td>
                      <Table.Td ta="right" className={classes.num}>
                        {r.previousQty} → <b>{r.qty}</b>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </RowsTable>
              )}
              <More total={report.updated.length} />
            </Tabs.Panel>
            <Tabs.Panel value="unchanged" pt="sm">
              {report.unchanged.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Every product of the file was new to the cart or changed.
                </Text>
              ) : (
                <RowsTable head={PRODUCT_ROWS_HEAD}>
                  {report.unchanged.slice(0, REPORT_ROWS).map((r) => (
                    <Table.Tr key={r.row} data-testid="upload-unchanged-row">
                      <Table.Td className={classes.num}>{r.row}</Table.Td>
                      <Table.Td className={classes.num}>{r.productId}</Table.Td>
                      <Table.Td ta="right" className={classes.num}>
                        {r.qty}{" "}
                        <Badge size="xs" variant="light" color="gray">
                          unchanged
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </RowsTable>
              )}
              <More total={report.unchanged.length} />
            </Tabs.Panel>
            <Tabs.Panel value="dropped" pt="sm">
              {droppedTotal === 0 ? (
                <Text size="sm" c="dimmed">
                  Every row was read.
                </Text>
              ) : (
                <RowsTable
                  head={
                    <Table.Tr>
                      <Table.Th w={80}>Row</Table.Th>
                      <Table.Th w={180}>As read</Table.Th>
                      <Table.Th>Why it was dropped</Table.Th>
                    </Table.Tr>
                  }
                >
                  {report.dropped.slice(0, REPORT_ROWS).map((r) => (
                    <Table.Tr key={`${r.row}-${r.text}`} data-testid="upload-dropped-row">
                      <Table.Td className={classes.num}>{r.row}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" truncate maw={170} title={r.text}>
                          {r.text || "(empty)"}
                        </Text>
                      </Table.Td>
                      <Table.Td>{r.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </RowsTable>
              )}
              <More total={droppedTotal} listed={report.dropped.length} />
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus data-testid="upload-report-close">
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Saves the cart template (the header row of the upload's columns) as a file. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([cartCsvTemplate()], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "cart-template.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What a cart file holds, a template to start from, and the button that picks the file. */
function UploadFormatDialog({
  opened,
  onClose,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upload a cart file" size={560}>
      <Stack gap="md" data-testid="upload-format">
        <Text size="sm">
          A CSV file with a header row, then one row per product. Products already in the cart take the file's
          quantity; at most {CART_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.
        </Text>
        <Table fz="sm" withTableBorder verticalSpacing={6} data-testid="upload-columns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>What it holds</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CART_CSV_COLUMNS.map((c) => (
              <Table.Tr key={c.name}>
                <Table.Td ff="monospace">{c.name}</Table.Td>
                <Table.Td>{c.holds}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <div>
          <Text size="sm" fw={600} mb={4}>
            For example
          </Text>
          <pre className={classes.csvExample} data-testid="upload-example">
            {`${CART_CSV_HEADER}\n100001,2\n100002,12`}
          </pre>
        </div>
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={downloadTemplate}
            data-testid="upload-template"
          >
            Download template
          </Button>
          <Button leftSection={<IconFileUpload size={16} />} onClick={onChoose} data-testid="upload-choose">
            Choose a CSV file
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Upload a CSV (product id, quantity per row after a header): the file is checked here for its name
 * and size, merged by the server, and answered with a row-by-row report.
 */
export function UploadCartButton({ size = "sm" }: { size?: "xs" | "sm" }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadCart();
  const queryClient = useQueryClient();
  const [report, setReport] = useState<{ report: CartUploadReport; fileName: string } | null>(null);
  const [formatOpen, setFormatOpen] = useState(false);

  const send = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) return notify.error(messages.invalidCsv);
    if (file.size > CART_UPLOAD_MAX_BYTES) return notify.error(tooLargeUploadMessage());
    upload.mutate(file, {
      onSuccess: (answer) => setReport({ report: answer, fileName: file.name }),
      onError: (error) => {
        // the spec's headline exactly; the server's reason below it
        const invalid = readInvalidCsv(errorMessage(error));
        if (invalid?.reason) notify.error(invalid.reason, invalid.headline);
        else notify.error(errorMessage(error));
        // the spec: on failure the cart is loaded again
        queryClient.invalidateQueries({ queryKey: CART_KEY });
      },
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className={classes.srOnly}
        tabIndex={-1}
        aria-hidden
        onChange={(e) => send(e.currentTarget.files?.[0])}
        data-testid="upload-input"
      />
      <Button
        variant="default"
        size={size}
        leftSection={<IconFileUpload size={16} />}
        onClick={() => setFormatOpen(true)}
        loading={upload.isPending}
        data-testid="upload-button"
      >
        Upload CSV
      </Button>
      <UploadFormatDialog
        opened={formatOpen}
        onClose={() => setFormatOpen(false)}
        onChoose={() => {
          setFormatOpen(false);
          input.current?.click();
        }}
      />
      <UploadReport
        report={report?.report ?? null}
        fileName={report?.fileName ?? ""}
        onClose={() => setReport(null)}
      />
    </>
  );
}
