/**
 * The demo world's files, made by code from their rows the first time they are asked for (so the
 * first start stays quick) and then kept in the file store. Only keys under `demo/` are made here;
 * anything staff upload is stored as uploaded.
 */

import { clipMp4 } from "./clip";
import type { ContentFileRow } from "./library-repo";
import { documentPdf, melodyWav, type PdfSection, picturePng } from "./media";

export const isDemoKey = (key: string) => key.startsWith("demo/");

/** A small number that differs between neighbouring keys (FNV-1a). */
const seedOf = (key: string) => {
  let h = 0x811c9dc5;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h % 9973;
};

const REGION_STATES: Record<string, string[]> = {
  north: ["Delhi", "Punjab", "Haryana", "Uttar Pradesh"],
  south: ["Karnataka", "Tamil Nadu", "Kerala", "Telangana"],
  west: ["Maharashtra", "Gujarat", "Goa", "Rajasthan"],
  east: ["West Bengal", "Odisha", "Bihar", "Assam"],
};

function sectionsFor(row: ContentFileRow): PdfSection[] {
  switch (row.kind) {
    case "escalation": {
      const states = REGION_STATES[row.region ?? "west"] ?? [];
      return [
        {
          heading: "Who to call, in order",
          table: {
            head: ["Level", "Role", "Name", "Phone", "Email"],
            rows: [
              [
                "L1",
                "Regional Partner Desk",
                "Partner Care",
                "1800 120 5500",
                `care.${row.region}@partnerportal.local`,
              ],
              [
                "L2",
                "Area Manager",
                "S. Kulkarni",
                "+91 98200 11001",
                `am.${row.region}@partnerportal.local`,
              ],
              ["L3", "Regional Head", "R. Menon", "+91 98200 11002", `rh.${row.region}@partnerportal.local`],
              [
                "L4",
                "Head of Franchise Operations",
                "A. Verma",
                "+91 98200 11003",
                "franchise.ops@partnerportal.local",
              ],
            ],
          },
        },
        { heading: "States covered", paragraphs: [states.join(", ")] },
        {
          heading: "Response times",
          paragraphs: ["L1 within 4 working hours; each next level after 1 working day without resolution."],
        },
      ];
    }
    case "brandContact":
      return [
        {
          heading: "Brand representatives",
          table: {
            head: ["Brand", "Contact", "Phone", "Email"],
            rows: ["Babyhug", "Cucumber", "Kookie Kids", "Pine Kids", "Mark & Mia"].map((b, i) => [
              b,
              ["N. Shah", "P. Das", "K. Reddy", "M. Joseph", "T. Kaur"][i] as string,
              `+91 99300 2200${i}`,
              `${b.toLowerCase().replace(/[^a-z]/g, "")}@partnerportal.local`,
            ]),
          },
        },
      ];
    case "releaseNote":
      return [
        { heading: "What is new", paragraphs: [row.description ?? ""] },
        {
          heading: "How to update",
          paragraphs: [
            "The POS updates itself overnight. Restart the billing counter once the next morning.",
          ],
        },
        { heading: "Known issues", paragraphs: ["None reported."] },
      ];
    case "lookbook":
    case "vmEbook":
      return [
        { heading: "Inside", paragraphs: [row.description ?? ""] },
        {
          heading: "Hero looks",
          paragraphs: ["1. Layered winter set  2. Festive kurta set  3. Play-day co-ords  4. Sleepwear duo"],
        },
        {
          heading: "Display notes",
          paragraphs: ["Group by colour story, keep hero looks at eye level, refresh weekly."],
        },
      ];
    default:
      return [
        { heading: "Purpose", paragraphs: [row.description ?? ""] },
        {
          heading: "The policy",
          paragraphs: [
            "1. This policy applies to every franchise, stockist and kiosk partner of the portal.",
            "2. Requests are raised through the partner portal and answered within two working days.",
            "3. Exceptions need written approval from the Regional Head.",
          ],
        },
      ];
  }
}

/** The bytes of a demo file: a content row's file or its poster. */
export async function demoContentFile(row: ContentFileRow, key: string): Promise<Buffer> {
  const seed = seedOf(key);
  if (key.endsWith(".png")) return picturePng(seed);
  if (key.endsWith(".wav")) return melodyWav(seed);
  if (key.endsWith(".mp4")) return clipMp4(seed);
  return documentPdf(row.title, "Partner Portal · demo document", sectionsFor(row));
}

/** A result certificate. */
export function resultPdf(r: {
  assessment: string;
  partner: string;
  score: number;
  total: number;
  takenOn: string;
}): Promise<Buffer> {
  const percent = Math.round((r.score / r.total) * 100);
  return documentPdf(`Assessment result: ${r.assessment}`, `${r.partner} · taken on ${r.takenOn}`, [
    {
      heading: "Score",
      table: {
        head: ["Score", "Out of", "Percent"],
        rows: [[String(r.score), String(r.total), `${percent}%`]],
      },
    },
  ]);
}
