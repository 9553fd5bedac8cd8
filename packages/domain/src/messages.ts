import { CALENDAR_DAY_MAX, CALENDAR_DAY_MIN } from "./calendar";
import { CFORM_FIRST_YEAR } from "./constants";
import { EINVOICE_START_DAY } from "./einvoice-rules";
import { formatDate, formatRupees } from "./format";
import type { Paise } from "./money";

/**
 * The error catalogue of the specification, spelled exactly as the spec spells it (typos included).
 * Every user-facing message of the spec lives here once and is imported by server and web.
 */
export const messages = {
  // session and password
  loginFailed: "The email or password you entered is incorrect.",
  forgotUnknownEmail: "We are sorry. We were not able to identify you with the email address you provided.",
  resetLinkInvalid:
    "Either your reset link has been expired or you have used this link. Please reinitiate your request of forgot password.",
  resetSuccess: "Password reset successfully. Please login to continue.",
  resetFailure: "Error in resetting the password.",
  passwordChanged: "Password Changed Successfully.",
  currentPasswordInvalid: "Your Current password is Invalid. Please retry.",

  // catalogue
  productNotFound: "Product not found",
  /** Not in the spec's catalogue: the brand tab of a product the caller may not see. */
  brandNotFound: "Brand not found",
  productNotServiceable: "Product is not serviceable",
  productNotAvailable: "Product is not Available",
  noCategoryChosen: "Please select catagory",
  noAssistProducts: "No products are available to assist you for selected category.",
  categoryTotalFailed: "Error in getting category total sale",
  bestsellersNotFound: "Bestsellers Not Found",
  bestsellerProductsNotFound: "Best seller products not found",

  // cart
  selectQuantity: "Please select quantity.",
  selectAtLeastOneProduct: "Please Select At Least 1 Product To Proceed To Cart",
  cartLimitOrderAssist:
    "Number of products you are trying to add exceeds cart limit of 300 products. Please try adding products for required subcategories or individual products.",
  cartLimit: "Maximum number of item in cart is reached",
  invalidCsv: "Please select valid csv file",
  alreadyInCart: "Already added to cart..!!",
  alreadyInCartSameQuantity: "Already added to cart with same quantity..!!",
  notInCart: "Product not found in cart..!!",
  cartNotFound: "Cart not found",
  cartRefreshFailed: "Could not refresh the cart",
  productsAddedToCart: "Products added to cart successfully",
  productsUpdatedInCart: "Products updated to cart successfully",
  productAddedToCart: "Product added successfully to cart.",
  productUpdatedInCart: "Product updated in cart successfully",
  confirmDeleteCart: "Are You Sure You Want To Delete This Cart?",
  confirmDeleteProduct: "Are you sure you want to delete this product?",
  reorderRecommendation: "Oops! We recommend you to buy this product.",

  // ordering
  stockReduced:
    "Your cart has been updated as per stock availability. Please review your cart and place order.",
  processingOrder: "We are processing your order. Please don't refresh the page.",
  orderNotPlaced:
    "It seems that your order has not been placed successfully. Please check order history before placing the order again.",
  orderFailedRetry: "Failed to place the order. Please retry.",
  selectWarehouse: "Please select warehouse",
  fillRequiredFields: "Please fill-up required fields",

  // artworks
  artworkRequiredFields: "Please Fill the required fields",
  artworkTryAgain: "Please try again",
  artworkCreatedTitle: "Artwork Created",

  // order history
  selectOrderDates: "Please select Order From and Order To date",
  selectShipDates: "Please select Ship From and Ship To date",
  selectOrderOrShipFrom: "Please select Order From or Ship From date",
  shipDatesNotApplicable:
    "Shipped from and Shipped to dates are not applicable for Pending / Confirmed / Cancelled status.",
  noOrdersFound: "No Orders Found!!",
  noDataFile: "No Data File Found",
  noDetailsFound: "No Details Found!!",
  invoiceUnavailable: "Invoice details is not available!!",
  loadInvoiceUnavailable: "Invoice details are not available!!",

  // payments, c-form, waybill, kiosk, ledger
  selectOrdersForPayment: "Please select appropriate orders for payment.",
  checkAmountPaid: "Please check the amount paid based on amount payable.",
  selectPaymentMode: "Please select the payment mode.",
  provideReferenceNo: "Please provide reference no.",
  cformFileRule: "Only .xls, .xlsx, .jpg files with maximum size of 1 MB are allowed!",
  cformSaveFailed: "Your CForm details failed to save",
  cformSaved: "Your CForm details successfully saved.",
  waybillSelectFile: "Please select file to upload.",
  waybillSelectPdf: "Please select pdf file.",
  waybillFileRule: "Please try again <br> Only .pdf file with maximum size of 5 MB is allowed",
  kioskDebitLimit: "Your Debit Balance is Greater than 5000",
  lastYearLedgerUnavailable: "Last Year Ledger Not Available",
  arsReportDataFailed: "Error while fetching ars report data.",
  arsReportFailed: "Error while fetching ARS report",

  // not in the spec's catalogue: the server's own refusals, worded once here
  nothingAddedToCart: "No product was added to your cart.",
  userNotFound: "User not found",
  accountExists: "An account with this email already exists. Please sign in.",
  guestLoginKioskOnly: "Guest login is available on kiosk store accounts only.",
  adminsOnly: "Admins only",
  imageNotFound: "Image not found",
  notificationNotFound: "Notification not found",
  orderNotFound: "Order not found",
  orderingDisabled: "Ordering is not enabled for your account.",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different order.",
  idempotencyKeyInProgress:
    "An order with this Idempotency-Key is still being placed. Please check order history before placing the order again.",
} as const;

export type MessageKey = keyof typeof messages;

/** "{n} Item has been deleted from your Cart" */
export const itemsDeletedFromCart = (n: number) => `${n} Item has been deleted from your Cart`;
/** "N Item added/updated successfully in cart" */
export const itemsAddedOrUpdated = (n: number) => `${n} Item added/updated successfully in cart`;
/** "Below products are not serviceable : {ids}. Hence not able to add to Cart." */
export const notServiceableBulkAdd = (ids: readonly number[]) =>
  `Below products are not serviceable : ${ids.join(",")}. Hence not able to add to Cart.`;
/** "Below products are not serviceable : {ids}. Hence removing them from your cart." */
export const notServiceableUpload = (ids: readonly number[]) =>
  `Below products are not serviceable : ${ids.join(",")}. Hence removing them from your cart.`;

/** The one refusal of a warehouse outside the caller's mapping (listing, product batches, cart, orders). */
export const warehouseNotMapped = (warehouseId: number) =>
  `Warehouse ${warehouseId} is not one of your warehouses`;

/** An order line whose stock type is none of the spec's. */
export const unknownStockType = (productName: string) =>
  `${productName} cannot be ordered: its stock type is unknown`;

/** A warehouse group whose orders do not reach its minimum (the stockist's ₹6000). */
export const belowGroupMinimum = (groupLabel: string, minimum: Paise, total: Paise) =>
  `${groupLabel} orders need a total of at least ${formatRupees(minimum)}; the ${groupLabel.toLowerCase()} orders selected total ${formatRupees(total)}`;

/** A listing page past the last one (the last page depends on the filters and the caller's catalogue). */
export const pageBeyondLast = (page: number, lastPage: number) =>
  `page ${page} is beyond the last page (${lastPage})`;

/** "<product> has only N left in <warehouse>" */
export const onlyLeftInWarehouse = (productName: string, left: number, warehouseName: string) =>
  `${productName} has only ${Math.max(0, left)} left in ${warehouseName}`;

// ---------------------------------------------------------------------------------------------
// The account area and the back office, by area. Not in the spec's catalogue unless they point at
// `messages`: the server's own refusals and the wording of rules the spec states without a message.
// Each text is written once; a group that shows a text of another points at it.
// ---------------------------------------------------------------------------------------------

/** The range and date rules of the account filters (order history, loads, SRs, ledger, store reports). */
export const accountMessages = {
  rangeTooLong: "The To date may not be more than three months after the From date.",
  futureDate: "Dates cannot be in the future.",
  toBeforeFrom: "The To date may not be earlier than the From date.",
  badDate: "Dates must be given as yyyy-MM-dd.",
  /** A day of a request that is not a real day within the portal's bounds (`isDayWithin`). */
  notADay: (field: string, min: string = CALENDAR_DAY_MIN, max: string = CALENDAR_DAY_MAX) =>
    `${field} must be a real date between ${min} and ${max} (yyyy-MM-dd)`,
} as const;

/** Messages of the back office (the spec does not show the console). */
export const backOfficeMessages = {
  orderNotFound: messages.orderNotFound,
  loadNotFound: "Load not found",
  partnerNotFound: "Partner not found",
  paymentNotFound: "Payment confirmation not found",
  salesReturnNotFound: "Sales return not found",
  waybillNotFound: "Waybill request not found",
  noteIdempotencyKeyReused: "This Idempotency-Key was already used for a different note.",
  confirmMoreThanOrdered: (product: number, ordered: number) =>
    `Product ${product}: at most the ordered quantity (${ordered}) can be confirmed.`,
  lineNotInOrder: (product: number) => `Product ${product} is not in this order.`,
  confirmNothing: "Confirm at least one unit, or cancel the order.",
  loadMixed: "A load holds Confirmed orders of one partner and one warehouse.",
  orderAlreadyLoaded: (poid: string) => `Order ${poid} is already in a load.`,
  orderNotConfirmed: (poid: string) => `Order ${poid} is not Confirmed.`,
  deliverMoreThanShipped: (poid: string, product: number) =>
    `Order ${poid}, product ${product}: more delivered than shipped.`,
  loadNotShipped: "Only a Shipped load can be delivered.",
  loadAlreadyDelivered: "This load was already delivered.",
  shipDateInFuture: (day: string, today: string) =>
    `The ship date ${formatDate(day)} is in the future: today is ${formatDate(today)} in India.`,
  shipDateBeforeLoad: (day: string, built: string) =>
    `The ship date ${formatDate(day)} is before the load was built on ${formatDate(built)}.`,
  shipDateBeforeLastInvoice: (day: string, last: string) =>
    `The ship date ${formatDate(day)} is before ${formatDate(last)}, the date of the last invoice in this series: invoice numbers must follow their dates.`,
  documentBeforeLastInSeries: (day: string, last: string) =>
    `${formatDate(day)} is before ${formatDate(last)}, the date of the last document in this series: document numbers must follow their dates.`,
  periodLocked: (day: string, lockDate: string) =>
    `The books are closed before ${formatDate(lockDate)}: nothing can be posted on ${formatDate(day)}. Ask accounts staff to move the lock date.`,
  lockDateInFuture: (today: string) =>
    `The lock date cannot be after today (${formatDate(today)}): only a period that has begun can be closed.`,
  amountBelowPayable: messages.checkAmountPaid,
  paymentOrdersUnknown: messages.selectOrdersForPayment,
  waybillExists: "A waybill request for this load already exists.",
  emailTaken: "An account with this email already exists.",
  unknownWarehouse: (id: number) => `Warehouse ${id} does not exist.`,
  staffOnly: messages.adminsOnly,
  // Sales returns raised by staff from a tax invoice, received, approved or rejected.
  srInvoiceRequired: "Name the tax invoice returned: its id or its number.",
  srInvoiceNotFound: (invoice: string | number) => `Tax invoice ${invoice} not found.`,
  srNotTaxInvoice: (number: string) => `${number} is a proforma invoice: only a tax invoice can be returned.`,
  srInvoiceOfAnotherPartner: (number: string, userId: number) =>
    `Invoice ${number} is not partner ${userId}'s.`,
  srLineNotOnInvoice: (product: number, number: string) => `Product ${product} is not on invoice ${number}.`,
  srLineAmbiguous: (product: number, number: string) =>
    `Product ${product} is on invoice ${number} more than once: name its order (poid).`,
  srLineNotInReturn: (product: number) => `Product ${product} is not in this sales return.`,
  srLineTwice: (product: number) => `Product ${product} is named twice: give each line once.`,
  srReturnMoreThanLeft: (product: number, left: number, shipped: number, notDelivered = 0) =>
    `Product ${product}: at most ${left} can be returned (${shipped} shipped, ${
      notDelivered > 0 ? `${notDelivered} not delivered and credited already, ` : ""
    }${shipped - notDelivered - left} already returned).`,
  srReceiveMoreThanReturned: (product: number, returned: number) =>
    `Product ${product}: at most the returned quantity (${returned}) can be received.`,
  srReceiveNothing: "Record at least one unit received, or reject the return.",
  srNotReceivable: (status: string) => `A ${status} sales return cannot be received.`,
  srApproveBeforeReceive: "Receive the goods before approving: record the quantities received first.",
  srRejectReasonRequired: "Give the reason for rejecting the sales return.",
  srRejectWithReason: "A sales return is rejected with its reason (Reject), not by its status.",
  srReceiveWithQuantities: "A return raised from an invoice is received with its quantities (Receive).",
} as const;

/** Waybills (account area): the spec's upload messages and the page's fetch failures. */
export const waybillMessages = {
  selectFile: messages.waybillSelectFile,
  selectPdf: messages.waybillSelectPdf,
  fileRule: messages.waybillFileRule,
  fetchFailed: "Error While Fetching Waybill Details.",
  fetchExistingFailed: "Error while fetching existing waybill details.",
  uploadFailed: "Error while uploading waybill.",
  downloadFailed: "Error while downloading waybill.",
  logsFailed: "Error while fetching logs detail.",
  // the server's own refusals
  closed: "This waybill request is closed: no more documents can be uploaded.",
  submitFields: "A waybill is submitted with status Closed and action Update.",
  loadMismatch: "The load does not belong to this waybill request.",
  linkExpired: "This download link has expired. Please download the waybill again.",
  linkInvalid: "This download link is not valid.",
  uploaded: "Waybill uploaded successfully.",
} as const;

/** Kiosk orders (account area). */
export const kioskMessages = {
  processFailed: "Failed to Process Order",
  loadFailed: "Failed to load Data.",
  cancelFailed: "Failed to Cancel Order.",
  invoiceFailed: "Failed to load Invoice.",
  confirmFailed: "Failed to confirm Order",
  tryAgain: messages.artworkTryAgain,
  debitLimit: messages.kioskDebitLimit,
  // the server's own refusals
  kioskOnly: "Kiosk orders are available on kiosk store accounts only.",
  orderNotFound: "Kiosk order not found",
  customerNotFound: "Customer not found. Please register the customer first.",
  customerExists: "A customer with this mobile number is already registered.",
  receiptNotReady: "The receipt is not ready yet.",
  cancelledNoReceipt: "This order was cancelled: it has no receipt.",
  needProducts: "Add at least one product to the order.",
  notFullyPlaced: "The order could not be placed in full",
  // the counter's flow: confirm and resend from the list, cancel with a refund, receipt and invoice by mail
  alreadyConfirmed: (id: number) => `Kiosk order ${id} is already confirmed by the customer.`,
  cancelOnItsWay: (poid: string) => `${poid} is already on its way: the order can no longer be cancelled.`,
  cancelDelivered: (poid: string) =>
    `${poid} has been delivered to the store: the order can no longer be cancelled.`,
  noEmail: "This customer has no email address: enter one to send the mail.",
  productSearchShort: "Type at least 2 letters of the product's name, its id or scan its barcode.",
  eanNotFound: (code: string) => `No product of yours has the barcode ${code}.`,
  // the customer's signed acknowledgement link (no sign-in)
  ackLinkInvalid:
    "This link is not valid: it may have been changed or cut short. Please ask the store to send it again.",
  ackLinkExpired: "This link has expired. Please ask the store to send you a new one.",
} as const;

/** Sales returns, C-forms and payment confirmation (the spec's are in `messages`). */
export const financeMessages = {
  selectShippingCompany: "Please select the shipping company.",
  provideAwb: "Please provide the AWB number.",
  srInTransit: (referenceId: string) => `Sales return ${referenceId} is marked In Transit.`,
  srNotPending: "Only a Pending sales return can be marked In Transit.",
  srNotFound: backOfficeMessages.salesReturnNotFound,
  cformNotFound: "C-form not found",
  cformFileNotFound: "C-form file not found",
  cformSelectInvoices: "Please select the invoices this C-form covers.",
  cformNumberRequired: "Please provide the C-form number.",
  cformDocketRequired: "Please provide the docket number.",
  cformCourierRequired: "Please provide the courier name.",
  cformYearRange: (lastYear: number) => `Year must be from ${CFORM_FIRST_YEAR} to ${lastYear}.`,
  cformQuarterRange: "Quarter must be 1, 2, 3 or 4.",
  paymentConfirmed: (referenceId: string) =>
    `Your payment is confirmed with reference no. ${referenceId}. It will be credited to your ledger once approved.`,
  paymentNotFound: backOfficeMessages.paymentNotFound,
  referenceUsed: (referenceId: string) =>
    `Reference no. ${referenceId} has already been used for one of your payments. Please check the reference no.`,
  amountAboveOwed: (owed: Paise) =>
    owed > 0n
      ? `The amount paid is more than the ${formatRupees(owed)} you owe on this ledger account.`
      : "Nothing is owed on this ledger account.",
  receivedNotPositive: "The amount received must be more than 0.",
  receivedAboveClaim: (claimed: Paise) =>
    `The amount received may not be more than the ${formatRupees(claimed)} the partner paid.`,
} as const;

/** The ledger statement (the spec's "Last Year Ledger Not Available" is in `messages`). */
export const ledgerMessages = {
  toBeforeFrom: accountMessages.toBeforeFrom,
  notEnabled: "The ledger is not enabled for your account.",
} as const;

/** Store reports: the ARS report's range and store performance. */
export const storeReportMessages = {
  arsRangeTooLong: "The To date may not be more than one month after the From date.",
  toBeforeFrom: accountMessages.toBeforeFrom,
  badDate: accountMessages.badDate,
  storePerformanceOff: "Store performance is not enabled for your account.",
  storeNotFound: "Store not found",
  feedbackNotFound: "Feedback not found",
  feedbackFeatureRequired: "Please choose what your feedback is about.",
  feedbackMessageRequired: "Please write your feedback.",
  arsNotFranchisee: "ARS replenishment is only for franchisees with an ARS list.",
  partnerNotFound: backOfficeMessages.partnerNotFound,
} as const;

/** The content library and artworks: the content screens' other wording (not in the spec's catalogue). */
export const contentMessages = {
  lookbooksFailed: "Error While Fetching Lookbooks Details",
  lookbookFailed: "Error While Fetching Lookbook Details",
  fileNotFound: "File not found",
  linkExpired: "This link has expired. Open the file again from the portal.",
  linkInvalid: "This link is not valid. Open the file again from the portal.",
  artworkNotFound: "Artwork order not found",
  artworkCreated: "Your artwork request has been placed. Our design team will contact you shortly.",
  resultNotFound: "Result not found",
  assessmentNotFound: "Assessment not found",
  answerEveryQuestion: "Please answer every question before you submit.",
  unknownQuestion: "An answer names a question that is not in this assessment.",
  unknownChoice: "An answer names a choice that the question does not have.",
  wrongFileType: (allowed: readonly string[]) =>
    `This file type is not accepted here. Allowed: ${allowed.join(", ")}.`,
  fileTooLarge: "The file is larger than 20 MB.",
  fileEmpty: "The file is empty.",
  chooseRegion: "Choose the region (north, south, west or east).",
  chooseLanguage: "Choose the language (Tamil or Hindi).",
} as const;

/** Issue 27, slice S4: partners as records, broadcast, partner ledger desk and feedback inbox. */
export const partnerDeskMessages = {
  gstinLength: "GSTIN must be 15 characters.",
  gstinShape:
    "GSTIN must be the state code (2 digits), the PAN (5 letters, 4 digits, 1 letter), then 3 characters.",
  gstinUnknownState: "GSTIN starts with an unknown state code.",
  gstinStateMismatch: (code: string, state: string) =>
    `GSTIN starts with state code ${code}, which is not ${state}.`,
  gstinChecksum: "GSTIN check character is wrong: please check the number.",
  chooseState: "Choose the state from the list.",
  unknownWarehouseName: (name: string) => `Warehouse ${name} does not exist.`,
  noChange: "Nothing changed.",
  unknownConcept: (concept: string) => `No partner belongs to concept ${concept}: choose one from the list.`,
  noRecipients: "No active partner would receive this notification: nothing was sent.",
  replyRequired: "Please write your reply.",
  feedbackReplyTitle: "Head office replied to your feedback",
  feedbackReplyMessage: (feature: string, reply: string) => `On ${feature}: ${reply}`,
} as const;

/** Issue 27, slice S2: the loads desk (remove an order, cancel a load, dockets) and the waybills desk. */
export const loadDeskMessages = {
  docketUsed: (docketNo: string, transporter: string, loadId: number | null) =>
    `Docket ${docketNo} of ${transporter} is already used by ${loadId === null ? "another load" : `load ${loadId}`}: each docket is used once per transporter.`,
  orderNotOnLoad: (poid: string, loadId: number) => `Order ${poid} is not on load ${loadId}.`,
  lastOrderOfLoad: (poid: string, loadId: number) =>
    `Order ${poid} is the only order of load ${loadId}: cancel the load instead.`,
  loadShippedKeepsOrders: (loadId: number, status: string) =>
    `Load ${loadId} is ${status}: orders can be taken off a load only before it ships.`,
  loadHasWaybill: (loadId: number, requestId: string) =>
    `Load ${loadId} has waybill request ${requestId}, which covers its orders: its orders cannot be taken off it.`,
  cancelReasonRequired: "Please give the reason for cancelling the load.",
  orderTakenOff: (poid: string, loadId: number) =>
    `Order ${poid} was taken off load ${loadId}. It stays Confirmed and will ship in another load.`,
  loadCancelled: (loadId: number, poids: readonly string[]) =>
    `Load ${loadId} was cancelled before shipping. Its orders (${poids.join(", ")}) stay Confirmed and will ship in another load.`,
} as const;

/** Whole numbers grouped the Indian way (1,23,456). */
const indian = (n: number) => n.toLocaleString("en-IN");

/** Issue 28: ARS runs (what a replenishment placed and refused), ordering the expected quantities, order assist's cart choice. */
export const arsRunMessages = {
  runTitle: "Your ARS replenishment was placed",
  runNothingTitle: "Your ARS replenishment could not be placed",
  runSummary: (
    runDay: string,
    placedLines: number,
    placedUnits: number,
    orders: number,
    refusedLines: number,
  ) =>
    `ARS run of ${formatDate(runDay)}: ${indian(placedLines)} ${placedLines === 1 ? "line" : "lines"} (${indian(placedUnits)} units) placed in ${indian(orders)} ${orders === 1 ? "order" : "orders"}` +
    (refusedLines > 0
      ? `; ${indian(refusedLines)} ${refusedLines === 1 ? "line" : "lines"} could not be placed: see why on the ARS report.`
      : "."),
  nothingExpected: "Nothing to order: every product of your ARS list is at its target for these dates.",
  expectedAdded: (added: number, refused: number) =>
    `${indian(added)} ${added === 1 ? "product" : "products"} added to your cart` +
    (refused > 0 ? `; ${indian(refused)} could not be added.` : "."),
  notInAnyWarehouse: "None of your warehouses stocks this product.",
  alreadyInCart: (cartQty: number) => `Already in your cart with ${indian(cartQty)}: kept as it is.`,
} as const;

/** Issue 28: an artwork order's fields, each in people's words (never a field's code name). */
export const artworkFieldMessages = {
  choose: (label: string) => `Please choose the ${label.toLowerCase()}`,
  required: (label: string) => `${label} is required`,
  notANumber: (label: string) => `${label} must be a number`,
  moreThanZero: (label: string) => `${label} must be more than 0`,
  dimensionFormat: (label: string) => `${label} must be a number up to 999999, with at most 2 decimals`,
  quantity: "Quantity must be a whole number from 1 to 999",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

/** Issue 28: replacing a wrong waybill document; the menu's count of open WH requests. */
export const waybillReplaceMessages = {
  replaced: (oldName: string, newName: string) => `${oldName} was replaced by ${newName}.`,
  notCurrent: "This document is no longer on the request (it was replaced). Please open the documents again.",
  closed: "This waybill request is closed: its documents can no longer be replaced.",
  replacedNote: (oldName: string) => `Replaced ${oldName}`,
  openRequests: (n: number) => `${n} open WH ${n === 1 ? "request" : "requests"}`,
} as const;

/** Issue 28: the partner's invoices (payment status, a month's invoices as one download). */
export const accountDocumentMessages = {
  noInvoicesInMonth: (month: string) => `No tax invoices were issued to you in ${month}.`,
  tooManyInvoicesInMonth: (month: string, count: number, max: number) =>
    `${month} has ${count} tax invoices, more than the ${max} one download holds: download them one by one from Load History.`,
} as const;

/** Issue 28: a signed-in partner sent to login by a screen their account's flags do not open (spec: ledger, store performance). */
export const flagDeniedMessages = {
  ledger: "The ledger is not enabled for your store account.",
  storePerformance: "Store performance is not enabled for your store account.",
  other: "Your store account cannot open that page.",
  signInOther: (email: string) =>
    `You are signed in as ${email}. Sign in with an account that has it, or go back to Home.`,
} as const;

/** GSTR-1 (Admin Console). */
export const gstr1Messages = {
  notOurGstin: (gstin: string) => `No company of ours has GSTIN ${gstin}.`,
} as const;

/** Issue 30: the partner dashboard's period (GET /api/dashboard?from&to). */
export const dashboardMessages = {
  notADay: "from and to must be calendar days written yyyy-MM-dd",
  fromAfterTo: "The start of the period (from) must be on or before its end (to).",
  tooLong: (months: number) => `The dashboard covers at most ${months} months: choose a shorter period.`,
} as const;

/** What staff are told about e-invoices. */
export const einvoiceMessages = {
  invoiceNotFound: "No such invoice.",
  proforma: "A proforma invoice takes no e-invoice: only tax invoices, credit notes and debit notes do.",
  beforeStart: (day: string) =>
    `This document is dated ${day}: e-invoices are issued for documents from ${EINVOICE_START_DAY} on.`,
  noBuyerGstin: "The partner has no GSTIN: a sale to an unregistered buyer (B2C) takes no e-invoice.",
  documentNotFound: "No such tax invoice, credit note or debit note.",
  noCreditedInvoice: "The invoice this credit note credits is not on record: its e-invoice cannot name it.",
  noteOutsideGst:
    "This note states no GST (a correcting entry, or a note without tax): it is outside GST and takes no e-invoice.",
  irpRefused: (error: string) => `The IRP refused: ${error}`,
  alreadyRegistered: (number: string) => `${number} is registered with the IRP already.`,
  cancelledBefore: (number: string) =>
    `${number}'s IRN was cancelled: the IRP does not take the same document number again.`,
  notRegistered: (number: string) => `${number} has no registered IRN to cancel.`,
  cancelWindowOver: (number: string) =>
    `${number}'s IRN can no longer be cancelled: the IRP allows it within 24 hours of the acknowledgement.`,
} as const;

/** E-way bills (Admin Console: a load's e-way bill; the ship step). */
export const ewayBillMessages = {
  loadNotFound: "No such load.",
  shipNeedsEwayBill: (loadId: number, value: string, limit: string) =>
    `Load ${loadId} is worth ${formatRupees(value)}, above the e-way bill limit of ${formatRupees(limit)}: generate its e-way bill or enter its number before shipping.`,
  notNeeded: (value: string, limit: string) =>
    `This load is worth ${formatRupees(value)}, not above the e-way bill limit of ${formatRupees(limit)}: it needs no e-way bill.`,
  beforeStart: (day: string) => `This load shipped on ${day}, before e-way bills began on 2018-04-01.`,
  cancelledLoad: "A cancelled load moves no goods: it takes no e-way bill.",
  notHandedOver:
    "Hand the load over first: the e-way bill names the transporter and the docket that carry the goods.",
  noDocuments: "The load has no invoice yet to name on the e-way bill.",
  noPincode: (who: string) =>
    `The ${who}'s pincode is missing or not a pincode: the distance cannot be worked out.`,
  alreadyHas: (loadId: number, number: string) => `Load ${loadId} has e-way bill ${number} already.`,
  numberShape: "An e-way bill number is 12 digits.",
  numberUsed: (number: string, loadId: number) => `E-way bill ${number} is on load ${loadId} already.`,
  invalidJson: (problems: string) => `The e-way bill does not pass NIC's schema: ${problems}`,
  systemRefused: (error: string) => `The e-way bill system refused: ${error}`,
  limitRange: (max: string) => `The e-way bill limit must be between ₹0 and ${formatRupees(max)}.`,
  panelBlocksShip: "This load cannot ship until it has an e-way bill: generate it or enter its number.",
} as const;

/** Issue 30: what the web's team screens tell a store's people (the server's refusals are the team module's). */
export const teamScreenMessages = {
  /** "Your role (Buyer) cannot see the store's accounts." */
  roleCannot: (roleLabel: string, action: string) => `Your role (${roleLabel}) cannot ${action}.`,
  askOwner: "Ask the store's owner if you need it.",
  /** What each group of calls lets a person do, for roleCannot. */
  groupActions: {
    self: "use this page",
    catalogue: "browse the catalogue",
    ordering: "use the cart or place orders",
    orders: "see the store's orders",
    "money-read": "see the store's accounts",
    money: "make payments",
    reports: "see the store's reports",
    kiosk: "use the kiosk",
    team: "manage the store's team",
    requests: "see order requests",
  },
  inviteInvalid:
    "This invitation link is not valid: it may have expired or been used already. Ask the store's owner to send a new one.",
  inviteSent: (email: string) => `Invitation sent to ${email}. The link works for 72 hours.`,
  inviteResent: (email: string) => `A new invitation link went to ${email}.`,
  memberUpdated: (name: string) => `${name}'s role and limit are saved.`,
  memberDeactivated: (name: string) => `${name} is deactivated and signed out everywhere.`,
  memberReactivated: (name: string) => `${name} is active again.`,
  requestApproved: (id: number) => `Order request ${id} is approved.`,
  requestDeclined: (id: number) => `Order request ${id} is declined.`,
  declineReasonNeeded: "Please say why, so the buyer knows what to change.",
} as const;

/** Issue 30: what the server tells a store's people about their team and their role. */
export const teamMessages = {
  /** A route of a group the signed-in role may not use: "Your role (Buyer) cannot make payments. Ask the store's owner." */
  roleRefused: (roleLabel: string, action: string) =>
    `${teamScreenMessages.roleCannot(roleLabel, action)} Ask the store's owner.`,
  memberNotFound: "No such person in your store's team.",
  emailInUse: (email: string) => `${email} already signs in to the Partner Portal: invite another email.`,
  counterOnlyKiosk: "The Counter role is only for kiosk stores.",
  limitOnlyForBuyers: "Only buyers have an approval limit.",
  alreadyAccepted: (name: string) =>
    `${name} has set a password already: they can use Forgot password to choose a new one.`,
  deactivatedMember: (name: string) => `${name} is deactivated: reactivate them first.`,
  staffHaveNoTeam: "Staff have no store team: partners' accounts are managed in the Admin Console.",
  inviteInvalid: teamScreenMessages.inviteInvalid,
} as const;

/** Issue 30: buyers' order requests above their approval limit, and the owner's decisions. */
export const orderRequestMessages = {
  /** The buyer's answer when the placement became a request. */
  sentForApproval: (total: string | Paise, limit: string | Paise, ownerName: string) =>
    `Your order of ${formatRupees(total)} is above your approval limit of ${formatRupees(limit)}. It has been sent to ${ownerName} for approval.`,
  askedTitle: "Order request to approve",
  asked: (buyerName: string, total: string | Paise) =>
    `${buyerName} asks you to approve an order of ${formatRupees(total)}`,
  approvedTitle: "Order request approved",
  approved: (buyerName: string, id: number, poids: readonly string[]) =>
    `${buyerName}'s order request ${id} was approved and placed: ${poids.join(", ")}.`,
  partlyPlaced: (refused: string) => `Not placed: ${refused}`,
  failedTitle: "Order request could not be placed",
  failed: (buyerName: string, id: number, reason: string) =>
    `${buyerName}'s order request ${id} was approved, but nothing could be placed: ${reason}`,
  declinedTitle: "Order request declined",
  declined: (buyerName: string, id: number, reason: string) =>
    `${buyerName}'s order request ${id} was declined: ${reason}`,
  expiredTitle: "Order request expired",
  expired: (buyerName: string, id: number) =>
    `${buyerName}'s order request ${id} expired: it was not approved within 7 days.`,
  notFound: "Order request not found",
  notPending: (status: string) =>
    `This order request is ${status}: only a pending request can be approved or declined.`,
  ownerOnly: "Only the store's owner can approve or decline order requests.",
} as const;
