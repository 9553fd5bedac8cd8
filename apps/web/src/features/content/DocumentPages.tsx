import { Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../components/PageHeader";
import { usePageTitle } from "../../lib/usePageTitle";
import { contentQueries } from "./api";
import { DocumentGrid, Loaded } from "./parts";

export function PoliciesPage() {
  usePageTitle("Policies");
  const query = useQuery(contentQueries.policies());
  return (
    <Stack>
      <PageHeader
        title="Policies"
        description="The policies every partner store follows. Documents open in a new window."
      />
      <Loaded query={query}>{(files) => <DocumentGrid files={files} />}</Loaded>
    </Stack>
  );
}

export function ReleaseNotesPage() {
  usePageTitle("POS Release Notes");
  const query = useQuery(contentQueries.releaseNotes());
  return (
    <Stack>
      <PageHeader title="POS Release Notes" description="What changed in each release of the store's POS." />
      <Loaded query={query}>{(files) => <DocumentGrid files={files} />}</Loaded>
    </Stack>
  );
}

export function BrandsPage() {
  usePageTitle("Brand Contacts");
  const query = useQuery(contentQueries.brands());
  return (
    <Stack>
      <PageHeader
        title="Brand Contacts"
        description="Who to reach for each brand, and whom to escalate to in your region."
      />
      <Loaded query={query}>
        {(data) => (
          <Stack gap="xl">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Brand contacts
              </Title>
              <DocumentGrid files={data.brandContacts} />
            </Stack>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Escalation matrix
              </Title>
              <DocumentGrid files={data.escalationMatrix} />
            </Stack>
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}

export function VmEbookPage() {
  usePageTitle("VM E-book");
  const query = useQuery(contentQueries.vmEbook());
  return (
    <Stack>
      <PageHeader
        title="VM E-book"
        description="Visual merchandising guides for windows, tables and walls."
      />
      <Loaded query={query}>{(files) => <DocumentGrid files={files} />}</Loaded>
    </Stack>
  );
}
