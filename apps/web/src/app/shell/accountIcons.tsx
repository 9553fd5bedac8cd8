import {
  IconAddressBook,
  IconArrowBackUp,
  IconBook,
  IconBook2,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconChartLine,
  IconChecklist,
  IconDeviceTv,
  IconDiscount,
  IconFileCertificate,
  IconFileText,
  IconLock,
  IconLogout,
  IconNotes,
  IconPalette,
  IconPhoto,
  IconReceipt,
  IconSchool,
  IconSettings,
  IconShieldCheck,
  IconTruckDelivery,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ComponentType } from "react";

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** An icon per My Account entry key (the entries themselves come from @portal/domain). */
export const ACCOUNT_ICONS: Record<string, Icon> = {
  orderHistory: IconReceipt,
  loadHistory: IconTruckDelivery,
  arsReport: IconChartBar,
  srDetails: IconArrowBackUp,
  waybill: IconFileText,
  ledger: IconBook2,
  discount: IconDiscount,
  vmEbook: IconBook,
  tvc: IconDeviceTv,
  artworks: IconPalette,
  brands: IconAddressBook,
  policies: IconShieldCheck,
  releaseNotes: IconNotes,
  kioskConfirmation: IconBuildingStore,
  storePerformance: IconChartLine,
  confirmPayment: IconCash,
  cform: IconFileCertificate,
  admin: IconSettings,
  changePassword: IconLock,
  logout: IconLogout,
};

/**
 * Training and Lookbooks: their screens (/training, /lookbooks) are not in the spec's My Account list,
 * so the menus list them apart, under "Learn", before Logout.
 */
export const LEARN_ENTRIES: readonly { key: string; label: string; path: string; Icon: Icon }[] = [
  { key: "training", label: "Training", path: "/training", Icon: IconSchool },
  { key: "lookbooks", label: "Lookbooks", path: "/lookbooks", Icon: IconPhoto },
];

/**
 * Store teams (issue 30): the owner's Team and the order requests (buyers' orders above their limit),
 * listed apart like Saved lists; each shown only to the roles that may open it (lib/team-access).
 */
export const TEAM_ENTRIES: readonly { key: "team" | "requests"; label: string; path: string; Icon: Icon }[] =
  [
    { key: "team", label: "Team", path: "/account/team", Icon: IconUsersGroup },
    { key: "requests", label: "Order requests", path: "/account/requests", Icon: IconChecklist },
  ];
