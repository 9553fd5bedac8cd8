import { formatRupees } from "./format";
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

/** "<product> has only N left in <warehouse>" */
export const onlyLeftInWarehouse = (productName: string, left: number, warehouseName: string) =>
  `${productName} has only ${Math.max(0, left)} left in ${warehouseName}`;
