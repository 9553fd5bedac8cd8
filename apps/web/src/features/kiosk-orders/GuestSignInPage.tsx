import { Alert, Button, Card, Stack, Text, TextInput } from "@mantine/core";
import { indianMobileMessage, isIndianMobile, isKioskStore, messages } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { GUEST_BROWSE_PATH } from "../../lib/guest-session";
import { usePageTitle } from "../../lib/usePageTitle";
import { startGuest } from "./guest";

/**
 * The kiosk store signs a walk-in customer in as a guest (mobile number, first name) to browse the
 * catalogue at MRP, and hands the device over: the store is signed out of this browser.
 */
export function GuestSignInPage() {
  usePageTitle("Kiosk Guest Login");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mobile, setMobile] = useState("");
  const [firstName, setFirstName] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mobileError = touched && !isIndianMobile(mobile.trim()) ? indianMobileMessage("MobileNo") : null;
  if (!isKioskStore(user))
    return (
      <Stack>
        <PageHeader title="Kiosk Guest Login" />
        <Alert color="red">{messages.guestLoginKioskOnly}</Alert>
      </Stack>
    );
  return (
    <Stack gap="md" maw={520}>
      <PageHeader
        title="Kiosk Guest Login"
        description="Sign a walk-in customer in as a guest: they browse the catalogue at MRP. Your store is signed out of this browser until the guest session ends; then sign in again with your password."
      />
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!isIndianMobile(mobile.trim())) return;
            setBusy(true);
            setFailure(null);
            startGuest(queryClient, {
              MobileNo: mobile.trim(),
              ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
            })
              .then(() => navigate(GUEST_BROWSE_PATH, { replace: true }))
              .catch((error) => setFailure(errorMessage(error)))
              .finally(() => setBusy(false));
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Mobile number"
              required
              inputMode="numeric"
              maxLength={10}
              value={mobile}
              onChange={(e) => setMobile(e.currentTarget.value.replace(/\D/g, ""))}
              onBlur={() => setTouched(true)}
              error={mobileError}
              data-testid="guest-mobile"
            />
            <TextInput
              label="First name"
              maxLength={60}
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              data-testid="guest-first-name"
            />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Button type="submit" loading={busy} data-testid="guest-start">
              Start guest session
            </Button>
            <Text size="xs" c="dimmed">
              The customer is added to your store's customers by mobile number.
            </Text>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
