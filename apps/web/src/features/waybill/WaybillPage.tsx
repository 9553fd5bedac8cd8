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
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import type { Waybill } from "@portal/contracts";
import {
  DEFAULT_PAGE_SIZE,
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
import { IconDownload, IconEye, IconFileText, IconHistory, IconUpload } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
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
  const phone = useFullScreen();
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
      {phone && (
        <Stack gap="sm" data-testid="waybill-cards">
          {list.data && rows.length === 0 && (
            <Text c="dimmed" data-testid="waybill-cards-empty">
              No waybill requests with status {status}.
            </Text>
          )}
          {rows.map((w) => (
            <Card key={w.id} withBorder data-testid={`waybill-card-${w.requestid}`}>
              <Group justify="space-between" gap="xs">
                <Text fw={700}>{w.requestid}</Text>
                <StatusBadge status={w.assignstatus} />
              </Group>
              <Text size="sm" mt={4}>
                Load {w.loadId} · warehouse {w.warehouseId} · {formatDate(w.WHrequestdate)}
              </Text>
              <Text size="sm" c="dimmed">
                {w.transporter ?? "—"} · AWB {w.awbno ?? "—"} · {formatRupees(w.invoiceValue)} · {w.totalqty}{" "}
                units
              </Text>
              {w.checkpostname && (
                <Text size="sm" c="dimmed">
                  Check post: {w.checkpostname}
                </Text>
              )}
              <Group gap="xs" mt="sm">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconFileText size={14} />}
                  onClick={() => setDocumentsOf(w)}
                >
                  Documents ({w.documents})
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconHistory size={14} />}
                  onClick={() => setLogOf(w)}
                >
                  Log
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Card withBorder p={0} display={phone ? "none" : undefined}>
        <ScrollArea>
          <Table striped highlightOnHover miw={980} data-testid="waybill-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Request ID</Table.Th>
                <Table.Th>Load ID</Table.Th>
                <Table.Th>AWB no.</Table.Th>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th>Transporter</Table.Th>
                <Table.Th>Check post</Table.Th>
                <Table.Th>WH request date</Table.Th>
                <Table.Th ta="right">Invoice value</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => (
                <Table.Tr key={w.id} data-testid={`waybill-row-${w.requestid}`}>
                  <Table.Td fw={600}>{w.requestid}</Table.Td>
                  <Table.Td>{w.loadId}</Table.Td>
                  <Table.Td>{w.awbno ?? "—"}</Table.Td>
                  <Table.Td>{w.warehouseId}</Table.Td>
                  <Table.Td>{w.transporter ?? "—"}</Table.Td>
                  <Table.Td>{w.checkpostname ?? "—"}</Table.Td>
                  <Table.Td>{formatDate(w.WHrequestdate)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(w.invoiceValue)}</Table.Td>
                  <Table.Td ta="right">{w.totalqty}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <StatusBadge status={w.assignstatus} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconFileText size={14} />}
                        onClick={() => setDocumentsOf(w)}
                      >
                        Documents ({w.documents})
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconHistory size={14} />}
                        onClick={() => setLogOf(w)}
                      >
                        Log
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {list.isPending && <Loader m="md" size="sm" />}
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
  const open = (detail.data?.assignstatus ?? waybill.assignstatus) !== "Closed";

  const upload = useMutation({
    mutationFn: (f: File) =>
      waybillApi.save({
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
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {f.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(f.uploadedAt)}
                  {f.comment ? ` · ${f.comment}` : ""}
                </Text>
              </div>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={() => void download(f.path)}
              >
                Download
              </Button>
            </Group>
          </Card>
        ))}
        {open && (
          <Card withBorder bg="gray.0">
            <Stack gap="sm">
              <FileInput
                label="Waybill (PDF, at most 5 MB)"
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
                <Button leftSection={<IconUpload size={16} />} onClick={submit} data-testid="waybill-upload">
                  Upload
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Submit waybill"
        message={`Upload ${file?.name ?? "this file"} for waybill request ${waybill.requestid}?`}
        confirmLabel="Submit"
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
