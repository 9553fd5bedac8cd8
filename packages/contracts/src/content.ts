import { z } from "zod";
import { dbId } from "./common";
import { ContentFile, TrainingItem } from "./library";

export const Banner = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  imageUrl: z.string(),
  link: z.string().nullable(),
});
export const BannersResponse = z.array(Banner);
export type Banner = z.infer<typeof Banner>;

export const MenuSubcategory = z.object({ id: z.number(), name: z.string() });
export const MenuCategory = z.object({
  id: z.number(),
  name: z.string(),
  subcategories: z.array(MenuSubcategory),
});
export const MenuResponse = z.array(MenuCategory);
export type MenuCategory = z.infer<typeof MenuCategory>;

export const CategoryTile = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  productCount: z.number(),
});
export const CategoriesResponse = z.array(CategoryTile);
export type CategoryTile = z.infer<typeof CategoryTile>;

export const Notification = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  target: z.string(),
  createdAt: z.string(),
});
export const NotificationsResponse = z.array(Notification);
export type Notification = z.infer<typeof Notification>;
export const NotificationIdParam = z.object({ id: dbId("id") });

// ---- Training topics and lookbooks, with pictures from the catalogue ----

/**
 * A training topic (the spec's training item: category, subcategory, image, productsLink). Its
 * productsLink is a listing the web app answers (/products/listing with category filters, or
 * /products/search/{words}); its image is a picture of a product of that listing, described by imageAlt.
 */
export const TrainingTopic = TrainingItem.extend({ imageAlt: z.string() });
export type TrainingTopic = z.infer<typeof TrainingTopic>;
export const TrainingTopicsResponse = z.array(TrainingTopic);

/** A picture with the words that describe it. */
export const Picture = z.object({ url: z.string(), alt: z.string() });
export type Picture = z.infer<typeof Picture>;

/** A lookbook as the list shows it: its file, its cover, and the listing of its collection. */
export const LookbookSummary = ContentFile.extend({
  /** Null when the lookbook has no picture of its own and no products to show. */
  cover: Picture.nullable(),
  /** Products of its collection on sale (a lookbook naming no theme has none). */
  productCount: z.number().int(),
  /** The catalogue listing of its collection, or null. */
  listingPath: z.string().nullable(),
});
export type LookbookSummary = z.infer<typeof LookbookSummary>;
export const LookbooksResponse = z.array(LookbookSummary);

export const LookbookProduct = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  subcategory: z.string(),
  /** MRP in paise. */
  mrpPaise: z.number().int(),
  image: Picture,
});
export type LookbookProduct = z.infer<typeof LookbookProduct>;
export const LookbookPage = LookbookSummary.extend({ products: z.array(LookbookProduct) });
export type LookbookPage = z.infer<typeof LookbookPage>;
export const LookbookIdParam = z.object({ id: dbId("id") });

// Inferred types of the schemas above, for server and web alike.
export type BannersResponse = z.infer<typeof BannersResponse>;
export type MenuSubcategory = z.infer<typeof MenuSubcategory>;
export type MenuResponse = z.infer<typeof MenuResponse>;
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
export type NotificationIdParam = z.infer<typeof NotificationIdParam>;
