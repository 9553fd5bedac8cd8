/** Space between cards and rows of the product grid, px. */
export const GRID_GAP = 16;
const MIN_CARD_WIDTH = 216;

/** How many cards a row of the product grid holds at this width (1 to 5; 4 before it is measured). */
export const columnsFor = (width: number) =>
  width <= 0 ? 4 : Math.max(1, Math.min(5, Math.floor((width + GRID_GAP) / (MIN_CARD_WIDTH + GRID_GAP))));
