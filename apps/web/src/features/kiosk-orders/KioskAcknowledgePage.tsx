import { Alert, Loader, Stack, Text } from "@mantine/core";
import { kioskMessages } from "@portal/domain";
import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { kioskApi } from "./api";

/**
 * /confirm/kiosk/:poid/:id, the kiosk acknowledgement: confirms the order, then lands on kiosk
 * confirmation with status Confirmed whether the confirmation succeeded or failed.
 */
export function KioskAcknowledgePage() {
  usePageTitle("Kiosk Confirmation");
  const { poid = "", id = "" } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const orderId = Number(id);
    const done = () => navigate("/account/kioskConfirmation?status=Confirmed", { replace: true });
    const attempt =
      Number.isInteger(orderId) && orderId > 0 ? kioskApi.confirm(poid, orderId) : Promise.reject();
    attempt
      .then((order) => notify.success(`Kiosk order ${order.id} confirmed.`))
      .catch(() => notify.error(kioskMessages.tryAgain, kioskMessages.confirmFailed))
      .finally(done);
  }, [id, poid, navigate]);
  return (
    <Stack align="center" py="xl">
      <Loader />
      <Text>Confirming kiosk order {id}…</Text>
      {!poid && <Alert color="red">{kioskMessages.confirmFailed}</Alert>}
    </Stack>
  );
}
