import { ActionIcon, Group, Modal, Stack, ThemeIcon } from "@mantine/core";
import { IMAGE_VIEWS } from "@portal/domain";
import { IconChevronLeft, IconChevronRight, IconZoomIn } from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import classes from "./products.module.css";

/** Dialogs on white (the page body is tinted). */
export const WHITE_MODAL = {
  content: { backgroundColor: "var(--mantine-color-white)" },
  header: { backgroundColor: "var(--mantine-color-white)" },
  title: { fontWeight: 700 },
};

const viewName = (i: number) => (IMAGE_VIEWS[i] ?? String(i + 1)).toUpperCase();

function Thumbnails({
  images,
  active,
  onChoose,
  name,
  vertical = false,
  size = 64,
}: {
  images: readonly string[];
  active: number;
  onChoose: (i: number) => void;
  name: string;
  vertical?: boolean;
  size?: number;
}) {
  if (images.length < 2) return null;
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={8} role="group" aria-label="Product views" style={{ flexShrink: 0 }}>
      {images.map((src, i) => (
        <button
          key={src}
          type="button"
          className={classes.thumb}
          style={{ width: size, height: size }}
          data-active={i === active || undefined}
          aria-pressed={i === active}
          aria-label={`Show view ${viewName(i)} of ${name}`}
          onClick={() => onChoose(i)}
          onMouseEnter={() => onChoose(i)}
        >
          <img src={src} alt="" width={size} height={size} className={classes.thumbImage} />
        </button>
      ))}
    </Wrapper>
  );
}

/**
 * The product's views a to h: thumbnails, a main picture that magnifies under the pointer, and a
 * click (or Enter) that opens it full size.
 */
export function ImageGallery({
  images,
  name,
  layout = "below",
}: {
  images: readonly string[];
  name: string;
  /** Thumbnails beside the picture (detail page) or below it (quick view). */
  layout?: "side" | "below";
}) {
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const [opened, setOpened] = useState(false);
  const src = images[active] ?? images[0] ?? "";

  const follow = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    });
  };
  const step = (delta: number) => setActive((i) => (i + delta + images.length) % images.length);

  const side = layout === "side";
  const Wrapper = side ? Group : Stack;
  return (
    <Wrapper gap="sm" data-testid="image-gallery" align="flex-start" wrap="nowrap">
      {side && (
        <Thumbnails images={images} active={active} onChoose={setActive} name={name} vertical size={56} />
      )}
      <button
        type="button"
        className={classes.galleryMain}
        data-zoomed={zoom ? true : undefined}
        onMouseMove={follow}
        onMouseLeave={() => setZoom(null)}
        onClick={() => setOpened(true)}
        aria-label={`Enlarge view ${viewName(active)} of ${name}`}
      >
        <img
          src={src}
          alt={`${name}, view ${viewName(active)}`}
          style={zoom ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          width={600}
          height={600}
        />
        <ThemeIcon
          className={classes.zoomHint}
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          aria-hidden
        >
          <IconZoomIn size={18} />
        </ThemeIcon>
      </button>
      {!side && <Thumbnails images={images} active={active} onChoose={setActive} name={name} size={40} />}

      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        size="auto"
        title={`${name} · view ${viewName(active)}`}
        centered
        styles={WHITE_MODAL}
      >
        <Stack gap="md">
          <div style={{ position: "relative" }}>
            <img
              src={src}
              alt={`${name}, view ${viewName(active)}, enlarged`}
              style={{
                display: "block",
                width: "auto",
                maxWidth: "100%",
                height: "min(800px, calc(100vh - 240px))",
                aspectRatio: "1 / 1",
                objectFit: "contain",
                margin: "0 auto",
                borderRadius: 12,
              }}
              width={800}
              height={800}
            />
            {images.length > 1 && (
              <>
                <ActionIcon
                  variant="white"
                  color="dark"
                  radius="xl"
                  size="xl"
                  aria-label="Previous view"
                  onClick={() => step(-1)}
                  style={{ position: "absolute", left: 12, top: "50%", transform: "translateY(-50%)" }}
                >
                  <IconChevronLeft />
                </ActionIcon>
                <ActionIcon
                  variant="white"
                  color="dark"
                  radius="xl"
                  size="xl"
                  aria-label="Next view"
                  onClick={() => step(1)}
                  style={{ position: "absolute", right: 12, top: "50%", transform: "translateY(-50%)" }}
                >
                  <IconChevronRight />
                </ActionIcon>
              </>
            )}
          </div>
          <Thumbnails images={images} active={active} onChoose={setActive} name={name} />
        </Stack>
      </Modal>
    </Wrapper>
  );
}
