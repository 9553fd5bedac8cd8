/**
 * What other modules may use of the live events: the one call that announces a stock change, made
 * inside the transaction that changes the stock (the catalogue's stock movements make it).
 */
export { notifyStockChanged } from "./notify";
