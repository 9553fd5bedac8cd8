import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Modal,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Waybill, WaybillDocument } from "@portal/contracts";
import {
  DEFAULT_PAGE_SIZE,
  formatCount,
  formatDate,
  formatDateTime,
  formatRupees,
  messageLines,
  PAGE_SIZES,
  WAYBILL_MIME,
  WAYBILL_STATUSES,
  type WaybillStatus,
  waybillFileProblem,
  waybillMessages,
} from "@portal/domain";
import {
  IconDownload,
  IconEye,
  IconFileText,
  IconHistory,
  IconReplace,
  IconUpload,
} from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage, isApiError } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { usePageTitle } from "../../lib/usePageTitle";
import { waybillApi, waybillKeys, waybillQueries } from "./api";

/** A message of the spec with its "<br>" shown as a line break, never as the tag. */
export function SpecMessage({ message }: { message: string }) {
  const lines = messageLines(message);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={line}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** Below this width ResponsiveTable draws each row as a card. */
const PHONE_CARDS = "(max-width: 40em)";

/**
 * The waybill table. On a phone each request is a card headed by its request id: load, warehouse,
 * date, value, quantity, status and the actions kept; AWB, transporter and check post stay on a laptop.
 */
function waybillColumns(actions: {
  onDocuments: (w: Waybill) => void;
  onLog: (w: Waybill) => void;
}): Column<Waybill>[] {
  return [
    {
      key: "requestid",
      header: "Request ID",
      cell: (w) => (
        <Text fw={700} size="sm">
          {w.requestid}
        </Text>
      ),
      phone: "title",
    },
    { key: "loadId", header: "Load ID", cell: (w) => w.loadId },
    {
      key: "ewayBill",
      header: "E-way bill",
      cell: (w) =>
        w.ewayBillNo ? (
          <div data-testid="waybill-ewaybill">
            <Text size="sm" ff="monospace">
              {w.ewayBillNo}
            </Text>
            {w.ewayBillValidUntil && (
              <Text size="xs" c="dimmed">
                valid until {formatDateTime(w.ewayBillValidUntil)}
              </Text>
            )}
          </div>
        ) : (
          "—"
        ),
    },
    { key: "awbno", header: "AWB no.", cell: (w) => w.awbno ?? "—", phone: "hide" },
    { key: "warehouse", header: "Warehouse", cell: (w) => w.warehouseName },
    { key: "transporter", header: "Transporter", cell: (w) => w.transporter ?? "—", phone: "hide" },
    { key: "checkpost", header: "Check post", cell: (w) => w.checkpostname ?? "—", phone: "hide" },
    { key: "date", header: "WH request date", cell: (w) => formatDate(w.WHrequestdate) },
    {
      key: "invoiceValue",
      header: "Invoice value",
      cell: (w) => formatRupees(w.invoiceValue),
      numeric: true,
    },
    { key: "qty", header: "Qty", cell: (w) => formatCount(w.totalqty), numeric: true },
    { key: "status", header: "Status", cell: (w) => <StatusBadge status={w.assignstatus} /> },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (w) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconFileText size={14} />}
            onClick={() => actions.onDocuments(w)}
            aria-label={`Documents of ${w.requestid} (${w.documents})`}
          >
            Documents ({w.documents})
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconHistory size={14} />}
            onClick={() => actions.onLog(w)}
            aria-label={`Log of ${w.requestid}`}
          >
            Log
          </Button>
        </Group>
      ),
    },
  ];
}

/** /account/waybill: the partner's waybill requests by status, their documents and their history. */
export function WaybillPage() {
  usePageTitle("Waybill");
  const [status, setStatus] = useState<WaybillStatus>("WH Request");
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [documentsOf, setDocumentsOf] = useState<Waybill | null>(null);
  const [logOf, setLogOf] = useState<Waybill | null>(null);
  const list = useQuery({
    ...waybillQueries.list(status, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const columns = waybillColumns({ onDocuments: setDocumentsOf, onLog: setLogOf });
  const phoneCards = useMediaQuery(PHONE_CARDS, false, { getInitialValueInEffect: false });
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / pageSize));

  return (
    <Stack>
      <PageHeader
        title="Waybill"
        description="Waybill requests of your loads: upload the waybill the warehouse asks for."
      />
      <Card withBorder>
        <Group justify="space-between" gap="sm">
          <ScrollArea type="never" maw="100%">
            <SegmentedControl
              aria-label="Status"
              data-testid="waybill-status"
              value={status}
              onChange={(v) => {
                setStatus(v as WaybillStatus);
                setPageNo(1);
              }}
              data={[...WAYBILL_STATUSES]}
            />
          </ScrollArea>
          <Text size="sm" c="dimmed" data-testid="waybill-count">
            {list.data ? `${list.data.count} request${list.data.count === 1 ? "" : "s"}` : ""}
          </Text>
        </Group>
      </Card>
      {list.error && <Alert color="red">{waybillMessages.fetchFailed}</Alert>}
      <Card withBorder p={0}>
        <ResponsiveTable
          label={`Waybill requests: ${status}`}
          columns={columns}
          rows={rows}
          rowKey={(w) => w.id}
          // the cards of a phone take its width (a minimum width would push their figures off-screen)
          minWidth={phoneCards ? undefined : 1080}
          testId="waybill-table"
          rowTestId="waybill-row"
        />
        {/* the space of a few rows is kept while the first page loads: nothing below moves */}
        {list.isPending && (
          <Group p="md" mih={160} align="flex-start">
            <Loader size="sm" aria-label="Loading waybill requests" />
          </Group>
        )}
        {list.data && rows.length === 0 && (
          <Text p="md" c="dimmed" data-testid="waybill-empty">
            No waybill requests with status {status}.
          </Text>
        )}
      </Card>
      <Group justify="space-between">
        <Select
          w={110}
          aria-label="Page size"
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(v) => {
            setPageSize(Number(v ?? DEFAULT_PAGE_SIZE));
            setPageNo(1);
          }}
          allowDeselect={false}
        />
        <Pagination total={pages} value={pageNo} onChange={setPageNo} size="sm" />
      </Group>
      {documentsOf && <DocumentsModal waybill={documentsOf} onClose={() => setDocumentsOf(null)} />}
      {logOf && <LogModal waybill={logOf} onClose={() => setLogOf(null)} />}
    </Stack>
  );
}

/** The documents popup: existing files (download) and, while the request is open, the upload form. */
function DocumentsModal({ waybill, onClose }: { waybill: Waybill; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const detail = useQuery(waybillQueries.detail(waybill.requestid));
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The document a new file replaces (null: the file is added). */
  const [replacing, setReplacing] = useState<WaybillDocument | null>(null);
  const open = (detail.data?.assignstatus ?? waybill.assignstatus) !== "Closed";

  const upload = useMutation({
    mutationFn: (f: File) =>
      replacing
        ? waybillApi.replace({
            loadId: waybill.loadId,
            requestId: waybill.requestid,
            path: replacing.path,
            comment,
            file: f,
          })
        : waybillApi.save({
            loadId: waybill.loadId,
            requestId: waybill.requestid,
            comment,
            file: f,
            userId: me.id,
          }),
    onSuccess: async (res) => {
      setConfirming(false);
      setFile(null);
      setComment("");
      setReplacing(null);
      notify.success(res.message);
      await queryClient.invalidateQueries({ queryKey: waybillKeys.all });
    },
    onError: (error) => {
      setConfirming(false);
      setProblem(
        isApiError(error, 400) || isApiError(error, 409) ? errorMessage(error) : waybillMessages.uploadFailed,
      );
    },
  });

  const check = (f: File | null) =>
    waybillFileProblem(f ? { size: f.size, detectedMime: f.type || null } : null);
  function submit() {
    const found = check(file);
    setProblem(found);
    if (!found) setConfirming(true);
  }
  function preview() {
    if (!file || file.type !== WAYBILL_MIME) {
      setProblem(waybillMessages.selectPdf);
      return;
    }
    const url = URL.createObjectURL(file);
    window.open(url, "_blank", "noopener");
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  async function download(path: string) {
    try {
      const { url } = await waybillApi.download(path);
      window.open(url, "_blank", "noopener");
    } catch {
      notify.error(waybillMessages.downloadFailed);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Waybill ${waybill.requestid}: documents`}
      size="lg"
      fullScreen={fullScreen}
    >
      <Stack data-testid="waybill-documents">
        <Text size="sm" c="dimmed">
          Load {waybill.loadId} · AWB {waybill.awbno ?? "—"} · {waybill.transporter ?? "—"}
        </Text>
        {detail.isPending && <Loader size="sm" />}
        {detail.error && <Alert color="red">{waybillMessages.fetchExistingFailed}</Alert>}
        {detail.data && detail.data.files.length === 0 && (
          <Text size="sm" data-testid="waybill-no-files">
            No documents uploaded yet.
          </Text>
        )}
        {detail.data?.files.map((f) => (
          <Card key={f.path} withBorder p="xs" data-testid="waybill-file">
            {/* on a phone the actions go under the name, which keeps its width */}
            <Group justify="space-between" gap="xs">
              <div style={{ minWidth: 0, flex: "1 1 200px" }}>
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {f.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(f.uploadedAt)}
                  {f.comment ? ` · ${f.comment}` : ""}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => void download(f.path)}
                  aria-label={`Download ${f.fileName}`}
                >
                  Download
                </Button>
                {open && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconReplace size={14} />}
                    onClick={() => {
                      setReplacing(f);
                      setProblem(null);
                    }}
                    aria-label={`Replace ${f.fileName}`}
                    data-testid="waybill-replace"
                  >
                    Replace
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        ))}
        {open && (
          <Card withBorder bg="gray.0" data-testid="waybill-upload-form">
            <Stack gap="sm">
              {replacing && (
                <Alert color="orange" variant="light" p="xs" data-testid="waybill-replacing">
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">
                      Replacing <strong>{replacing.fileName}</strong>: the new PDF takes its place; the log
                      keeps both.
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      onClick={() => setReplacing(null)}
                    >
                      Keep it
                    </Button>
                  </Group>
                </Alert>
              )}
              <FileInput
                label={replacing ? "New waybill (PDF, at most 5 MB)" : "Waybill (PDF, at most 5 MB)"}
                placeholder="Choose a PDF"
                accept={WAYBILL_MIME}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setProblem(null);
                }}
                clearable
                data-testid="waybill-file-input"
              />
              <Textarea
                label="Comment"
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
              />
              {problem && (
                <Alert color="red" data-testid="waybill-problem">
                  <SpecMessage message={problem} />
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" leftSection={<IconEye size={16} />} onClick={preview}>
                  Preview
                </Button>
                <Button
                  leftSection={replacing ? <IconReplace size={16} /> : <IconUpload size={16} />}
                  onClick={submit}
                  data-testid="waybill-upload"
                >
                  {replacing ? "Replace" : "Upload"}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={replacing ? "Replace document" : "Submit waybill"}
        message={
          replacing
            ? `Replace ${replacing.fileName} with ${file?.name ?? "this file"} on waybill request ${waybill.requestid}?`
            : `Upload ${file?.name ?? "this file"} for waybill request ${waybill.requestid}?`
        }
        confirmLabel={replacing ? "Replace" : "Submit"}
        color="brand"
        loading={upload.isPending}
        onConfirm={() => file && upload.mutate(file)}
        onClose={() => setConfirming(false)}
        testId="waybill-confirm"
      />
    </Modal>
  );
}

/** The log popup: the request's history, oldest first. */
function LogModal({ waybill, onClose }: { waybill: Waybill; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const log = useQuery(waybillQueries.log(waybill.requestid));
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Waybill ${waybill.requestid}: log`}
      size="lg"
      fullScreen={fullScreen}
    >
      {log.isPending && <Loader size="sm" />}
      {log.error && <Alert color="red">{waybillMessages.logsFailed}</Alert>}
      <Stack gap="xs" data-testid="waybill-log">
        {log.data?.map((entry) => (
          <Card
            key={`${entry.at}-${entry.action}-${entry.path ?? entry.status}`}
            withBorder
            p="xs"
            data-testid="waybill-log-entry"
          >
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <StatusBadge status={entry.status} />
                <Text size="sm" fw={600}>
                  {entry.action}
                </Text>
                {entry.replacedAt && (
                  <Text size="xs" c="dimmed" data-testid="waybill-log-replaced">
                    (replaced {formatDateTime(entry.replacedAt)})
                  </Text>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
            </Group>
            {(entry.comment || entry.fileName || entry.actionby) && (
              <Text size="sm" mt={4}>
                {[entry.actionby && `By ${entry.actionby}`, entry.fileName, entry.comment]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
    </Modal>
  );
}
