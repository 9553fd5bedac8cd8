import { Group, Text, ThemeIcon } from "@mantine/core";
import { SITE_TITLE } from "@portal/domain";
import { IconBabyCarriage } from "@tabler/icons-react";

interface BrandMarkProps {
  /** "light" on the brand panel, "dark" on white. */
  tone?: "light" | "dark";
  size?: "sm" | "md" | "lg";
  /** Small line under the name. */
  caption?: string;
  /** Phones: the name only, no caption. */
  compact?: boolean;
}

const SIZES = {
  sm: { icon: 32, glyph: 20, text: "md" },
  md: { icon: 38, glyph: 22, text: "lg" },
  lg: { icon: 48, glyph: 28, text: "xl" },
} as const;

export function BrandMark({
  tone = "dark",
  size = "md",
  caption = "Store partners",
  compact = false,
}: BrandMarkProps) {
  const s = SIZES[size];
  return (
    <Group gap={compact ? 6 : 10} wrap="nowrap">
      <ThemeIcon
        size={s.icon}
        radius="md"
        variant={tone === "light" ? "white" : "filled"}
        color={tone === "light" ? "brand.8" : "brand"}
        aria-hidden
      >
        <IconBabyCarriage size={s.glyph} stroke={1.8} />
      </ThemeIcon>
      <div>
        <Text
          fw={800}
          fz={s.text}
          lh={1.1}
          c={tone === "light" ? "white" : "dark.8"}
          style={{ letterSpacing: -0.2 }}
        >
          {SITE_TITLE}
        </Text>
        {caption && !compact && (
          <Text fz="xs" lh={1.2} c={tone === "light" ? "brand.0" : "dimmed"} fw={500}>
            {caption}
          </Text>
        )}
      </div>
    </Group>
  );
}
