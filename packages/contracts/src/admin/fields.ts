/** What the staff calls' requests share: ids, short texts, paging and the path parameters. */
import { z } from "zod";
import { DbId as idOf } from "../catalogue";
import { text } from "../common";

/** A database id: 1 … 2147483647. */
export const DbId = idOf("id");
/** Required text of at most `max` characters; line breaks only where `multiline`. */
export const ShortText = (max: number, field: string, multiline = false) =>
  text(field, { multiline }).trim().min(1).max(max);
export const Page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};

export const AdminIdParam = z.object({ id: DbId });
export const AdminPoidParam = z.object({ poid: text("poid").trim().min(1).max(40) });
export const AdminUserIdParam = z.object({ userId: DbId });
