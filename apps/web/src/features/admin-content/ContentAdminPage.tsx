import { Button, FileInput, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { ContentFile } from "@portal/contracts";
import {
  CLIP_LANGUAGES,
  CONTENT_KINDS,
  CONTENT_MIME_BY_KIND,
  type ContentKind,
  ESCALATION_REGIONS,
} from "@portal/domain";
import { IconExternalLink, IconReplace, IconTrash, IconUpload } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { type AdminColumn, AdminTable } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { dateTime } from "../../admin-kit/format";
import { RowActions } from "../../admin-kit/RowActions";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import {
  contentFileUrl,
  useContentFiles,
  useRemoveContent,
  useReplaceContent,
  useUploadContent,
} from "./api";

/** What each kind is called on screen (and the screen it shows on). */
export const KIND_LABELS: Record<ContentKind, string> = {
  policy: "Policy",
  releaseNote: "POS release note",
  brandContact: "Brand contacts",
  escalation: "Escalation matrix",
  vmEbook: "VM e-book",
  trainingGallery: "Training gallery image",
  trainingMaterial: "Training material",
  lookbook: "Lookbook",
  tvc: "TV commercial",
  storeMusic: "Store music",
};
const KIND_OPTIONS = CONTENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));
/** Whether a file matches the desk's search: every word in its title, description, kind, region or language. */
export function matchesSearch(f: ContentFile, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [f.title, f.description, KIND_LABELS[f.kind], f.region, f.language, f.path]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return words.every((w) => text.includes(w));
}

const kb = (bytes: number) =>
  bytes > 0 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : "made on first open";

interface UploadDraft {
  kind: ContentKind | null;
  title: string;
  description: string;
  region: string | null;
  language: string | null;
  file: File | null;
}
const EMPTY: UploadDraft = {
  kind: null,
  title: "",
  description: "",
  region: null,
  language: null,
  file: null,
};

/** The content library: staff upload files for the partner screens, replace them, preview and remove them. */
export function ContentAdminPage() {
  usePageTitle("Admin Console: Content");
  const [kind, setKind] = useState<ContentKind | null>(null);
  const files = useContentFiles(kind);
  const upload = useUploadContent();
  const replace = useReplaceContent();
  const remove = useRemoveContent();
  const [draft, setDraft] = useState<UploadDraft | null>(null);
  const [replacing, setReplacing] = useState<{ row: ContentFile; file: File | null } | null>(null);
  const [removing, setRemoving] = useState<ContentFile | null>(null);
  const [q, setQ] = useState("");
  const shown = useMemo(() => files.data?.filter((f) => matchesSearch(f, q)), [files.data, q]);

  async function preview(row: ContentFile) {
    try {
      const { url } = await contentFileUrl(row.id);
      window.open(url, "_blank", "noopener");
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  const columns: AdminColumn<ContentFile>[] = [
    { accessor: "title", title: "Title", sortable: true },
    { accessor: "kind", title: "Kind", sortable: true, render: (f) => KIND_LABELS[f.kind] },
    { accessor: "region", title: "Region / language", render: (f) => f.region ?? f.language ?? "–" },
    { accessor: "contentType", title: "Type" },
    { accessor: "sizeBytes", title: "Size", textAlign: "right", render: (f) => kb(f.sizeBytes) },
    { accessor: "updatedAt", title: "Updated", sortable: true, render: (f) => dateTime(f.updatedAt) },
    {
      accessor: "actions",
      title: "Actions",
      noCsv: true,
      render: (f) => (
        <RowActions
          label={f.title}
          primary={{
            label: "Open",
            icon: <IconExternalLink size={14} />,
            onClick: () => void preview(f),
            testId: "content-open",
          }}
          actions={[
            {
              label: "Replace file",
              icon: <IconReplace size={14} />,
              onClick: () => setReplacing({ row: f, file: null }),
              testId: "content-replace",
            },
            {
              label: "Remove",
              icon: <IconTrash size={14} />,
              color: "red",
              onClick: () => setRemoving(f),
              testId: "content-remove",
            },
          ]}
        />
      ),
    },
  ];

  const form = (fields: Record<string, string | null | undefined>, file: File) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v) data.append(k, v);
    data.append("file", file);
    return data;
  };
  const doUpload = async () => {
    if (!draft?.kind || !draft.file) return;
    const made = await act(
      upload.mutateAsync(
        form(
          {
            kind: draft.kind,
            title: draft.title,
            description: draft.description,
            region: draft.kind === "escalation" ? draft.region : null,
            language: draft.kind === "tvc" || draft.kind === "storeMusic" ? draft.language : null,
          },
          draft.file,
        ),
      ),
      (f) => `${f.title} is on the ${KIND_LABELS[f.kind]} screen.`,
    );
    if (made) setDraft(null);
  };
  const doReplace = async () => {
    if (!replacing?.file) return;
    const done = await act(
      replace.mutateAsync({ id: replacing.row.id, form: form({}, replacing.file) }),
      (f) => `${f.title} was replaced; partners get the new file from now on.`,
    );
    if (done) setReplacing(null);
  };
  const doRemove = async () => {
    if (!removing) return;
    await act(remove.mutateAsync(removing.id), (r) => r.message);
    setRemoving(null);
  };
  const accept = (k: ContentKind | null) => (k ? CONTENT_MIME_BY_KIND[k].join(",") : undefined);

  return (
    <>
      <AdminTable
        testId="content-table"
        columns={columns}
        idAccessor="id"
        csvName="content"
        records={shown}
        fetching={files.isFetching}
        noRecordsText={q.trim() ? `No files match "${q.trim()}"` : "No files"}
        search={{ value: q, onChange: setQ, placeholder: "Search title, kind, region or language" }}
        toolbar={
          <>
            <Select
              label="Kind"
              size="xs"
              w={200}
              placeholder="All"
              data={KIND_OPTIONS}
              value={kind}
              onChange={(v) => setKind(v as ContentKind | null)}
              clearable
              comboboxProps={{ zIndex: 300 }}
            />
            <Button
              size="xs"
              leftSection={<IconUpload size={14} />}
              onClick={() => setDraft({ ...EMPTY, kind })}
            >
              Upload file
            </Button>
          </>
        }
      />
      <AskDialog
        opened={draft !== null}
        title="Upload a content file"
        message="Files are checked by their content: PDFs for documents, PNG or JPEG for pictures, WAV or MP3 for music, MP4 or WebM for commercials; at most 20 MB."
        confirmLabel="Upload"
        disabled={!draft?.kind || !draft.title.trim() || !draft.file}
        loading={upload.isPending}
        onConfirm={() => void doUpload()}
        onClose={() => setDraft(null)}
      >
        {draft && (
          <Stack gap="xs">
            <Select
              label="Kind"
              required
              data={KIND_OPTIONS}
              value={draft.kind}
              onChange={(v) => setDraft({ ...draft, kind: v as ContentKind | null })}
              comboboxProps={{ zIndex: 400 }}
            />
            <TextInput
              label="Title"
              required
              maxLength={120}
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            />
            <Textarea
              label="Description"
              maxLength={500}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            />
            {draft.kind === "escalation" && (
              <Select
                label="Region"
                required
                data={[...ESCALATION_REGIONS]}
                value={draft.region}
                onChange={(v) => setDraft({ ...draft, region: v })}
                comboboxProps={{ zIndex: 400 }}
              />
            )}
            {(draft.kind === "tvc" || draft.kind === "storeMusic") && (
              <Select
                label="Language"
                required
                description="Tamil Nadu stores get the Tamil clips, all others the Hindi clips."
                data={[...CLIP_LANGUAGES]}
                value={draft.language}
                onChange={(v) => setDraft({ ...draft, language: v })}
                comboboxProps={{ zIndex: 400 }}
              />
            )}
            <FileInput
              label="File"
              required
              accept={accept(draft.kind)}
              value={draft.file}
              onChange={(f) => setDraft({ ...draft, file: f })}
              clearable
            />
          </Stack>
        )}
      </AskDialog>
      <AskDialog
        opened={replacing !== null}
        title={replacing ? `Replace ${replacing.row.title}` : ""}
        message="Partners get the new file from now on; addresses already handed out stop working."
        confirmLabel="Replace"
        disabled={!replacing?.file}
        loading={replace.isPending}
        onConfirm={() => void doReplace()}
        onClose={() => setReplacing(null)}
      >
        {replacing && (
          <FileInput
            label="New file"
            required
            accept={accept(replacing.row.kind)}
            value={replacing.file}
            onChange={(f) => setReplacing({ ...replacing, file: f })}
          />
        )}
      </AskDialog>
      <AskDialog
        opened={removing !== null}
        title={removing ? `Remove ${removing.title}` : ""}
        message={<Text size="sm">The file leaves its partner screen and is deleted.</Text>}
        confirmLabel="Remove"
        color="red"
        loading={remove.isPending}
        onConfirm={() => void doRemove()}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
