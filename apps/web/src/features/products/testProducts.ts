import type { ListingResponse, Product, ProductDetail } from "@portal/contracts";

/** A listing product as the API answers it (test data). */
export function testProduct(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name: `Cotton Romper ${id}`,
    size: "6-12M",
    desc: "Soft cotton romper with snap buttons.",
    color: "Blue",
    groupID: 9000 + Math.floor(id / 10),
    mrp: "999.00",
    retailerMargin: "30.00",
    catId: 6,
    subcatId: 601,
    category: { id: 6, name: "Boys Clothing" },
    subcategory: { id: 601, name: "T-Shirts" },
    subcategoryType: null,
    brand: { id: 12, name: "Babyhug" },
    brandId: 12,
    isReturnable: true,
    stockType: "OwnedStock",
    stock: { type: "OwnedStock" },
    currentStock: 40,
    totalStock: 40,
    b2bIsActive: true,
    HSNCode: "6111",
    minimumShipHours: 24,
    estimatedShippingDays: 4,
    ageFromMonths: 6,
    ageToMonths: 12,
    pricing: {
      mrp: "999.00",
      retailerMargin: "30.00",
      ctc: "699.30",
      baseCost: "666.00",
      vat: "33.30",
      netCost: "699.30",
      margin: "299.70",
    },
    gstType: "CGST/SGST",
    gstratemaster: { HSNCode: "6111", CGST: "2.50", SGST: "2.50", IGST: "5.00" },
    whId: 2,
    isPL: true,
    isSale: false,
    isSet: false,
    isPremium: false,
    isOffer: false,
    isARS: false,
    reorder: false,
    images: [`/api/images/products/${id}/a.svg`, `/api/images/products/${id}/b.svg`],
    createdAt: "2024-05-01T10:00:00.000Z",
    ...overrides,
  };
}

export function testDetail(id: number, overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...testProduct(id),
    warehouses: [{ id: 2, name: "Pune", mrp: "999.00", stock: 40, state: "Maharashtra" }],
    gstRates: { cgst: "2.50", sgst: "2.50", igst: "0.00", total: "5.00" },
    tax: { cgst: "16.65", sgst: "16.65", igst: "0.00" },
    otherProducts: [],
    ...overrides,
  };
}

/** A style's card: the product in size 6-12M, and its 12-18M size (id + 500) inside. */
export function testStyleCard(id: number): Product {
  const product = testProduct(id);
  const size = (sizeId: number, label: string, netCost: string, totalStock: number) => ({
    id: sizeId,
    size: label,
    ageFromMonths: label === "6-12M" ? 6 : 12,
    ageToMonths: label === "6-12M" ? 12 : 18,
    totalStock,
    whId: 2,
    mrp: label === "6-12M" ? "999.00" : "1099.00",
    netCost,
  });
  return { ...product, styleSizes: [size(id, "6-12M", "699.30", 40), size(id + 500, "12-18M", "769.30", 7)] };
}

/** One page of a listing of `total` styles of two sizes each, `size` per page. */
export function testListingPage(page: number, size: number, total: number): ListingResponse {
  const totalPages = Math.ceil(total / size);
  const from = (page - 1) * size;
  const count = Math.max(0, Math.min(size, total - from));
  return {
    products: Array.from({ length: count }, (_, i) => testStyleCard(100_001 + from + i)),
    total,
    counts: "styles",
    productTotal: total * 2,
    page,
    size,
    totalPages,
    facets: {
      categories: [{ value: 6, label: "Boys Clothing", count: total }],
      subcategories: [{ value: 601, label: "T-Shirts", count: total }],
      brands: [
        { value: 12, label: "Babyhug", count: total - 5 },
        { value: 13, label: "Carter's", count: 5 },
      ],
      prices: [{ value: "500-999", label: "₹500 – ₹999", count: total }],
      age: [],
      offer: [{ value: "true", label: "On offer", count: 3 }],
      stocktype: [{ value: "OwnedStock", label: "Owned stock", count: total }],
      premium: [],
      Type: [],
      isSet: [],
      isNonSet: [],
      sizes: [
        { value: "6-12M", label: "6-12M", count: total },
        { value: "12-18M", label: "12-18M", count: total },
      ],
    },
  };
}
