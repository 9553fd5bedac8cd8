/**
 * What other modules may use of the catalogue: the viewer (who is asking, what they may see), the
 * visibility condition, the one warehouse choice, product and stock reads, the
 * stock movements (taken by an order, given back by a cancellation or a return), and the listing service.
 */

export type { CatalogueIndex, CatalogueSnapshot } from "./catalogue-index";
export { visibleRows } from "./listing-scan";
export {
  type CatalogueCacheOptions,
  createListingService,
  type ListingSearch,
  type ListingService,
  viewerAnswerKey,
} from "./listing-service";
export { chooseWarehouse, holdersAtMrp } from "./product-view";
export {
  type ProductRow,
  productRows,
  returnStock,
  type StockLine,
  type StockRow,
  stockRows,
  takeCurrentStock,
  takeWarehouseStock,
} from "./products-repo";
export {
  loadViewer,
  mappedOrRefuse,
  mappedWarehouseIds,
  type Viewer,
  visibleTo,
  warehouseIdsFor,
} from "./viewer";
export { visibleCondition } from "./visibility";
