/** The audit log's action codes (`area.step`, written by the server's services) in words. */
const ACTION_WORDS: Record<string, string> = {
  "ars.replenish": "ARS replenishment placed",
  "cform.submit": "C-form submitted",
  "feedback.reply": "Feedback replied to",
  "ledger.courierExpenses": "Courier expenses posted",
  "ledger.creditCorrection": "Credit correction posted",
  "ledger.debitCorrection": "Debit correction posted",
  "load.cancel": "Load cancelled",
  "load.create": "Load created",
  "load.deliver": "Load delivered",
  "load.handOver": "Load handed over",
  "load.removeOrder": "Order taken off the load",
  "load.ship": "Load shipped",
  "notification.broadcast": "Notification broadcast",
  "order.autoConfirm": "Order auto-confirmed",
  "order.cancel": "Order cancelled",
  "order.confirm": "Order confirmed",
  "partner.activate": "Partner activated",
  "partner.create": "Partner created",
  "partner.deactivate": "Partner deactivated",
  "partner.passwordReset": "Partner password reset",
  "partner.update": "Partner updated",
  "payment.approve": "Payment approved",
  "payment.reject": "Payment rejected",
  "salesReturn.advance": "Sales return moved on",
  "salesReturn.approve": "Sales return approved",
  "salesReturn.inTransit": "Sales return in transit",
  "salesReturn.raise": "Sales return raised",
  "salesReturn.receive": "Sales return received",
  "salesReturn.reject": "Sales return rejected",
  "settings.autoConfirm": "Auto-confirm changed",
  "settings.lockDate": "Lock date changed",
  "settings.shippingCharge": "Shipping charge changed",
  "waybill.close": "Waybill closed",
  "waybill.request": "Waybill requested",
  "waybill.upload": "Waybill uploaded",
};

/**
 * An audit action in words: "load.handOver" is "Load handed over"; a code not named above reads
 * as its camelCase parts ("salesReturn.putOnHold" is "Sales return put on hold").
 */
export function actionWords(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const words = action
    .split(/[._\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
