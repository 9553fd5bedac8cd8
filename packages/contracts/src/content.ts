import { z } from "zod";
import { dbId } from "./common";

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

// Inferred types of the schemas above, for server and web alike.
export type BannersResponse = z.infer<typeof BannersResponse>;
export type MenuSubcategory = z.infer<typeof MenuSubcategory>;
export type MenuResponse = z.infer<typeof MenuResponse>;
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
export type NotificationIdParam = z.infer<typeof NotificationIdParam>;
