/**
 * The demo world's TV commercials: a real 2.5-second MP4 (H.264 video, AAC audio, 320×180 at 15
 * frames a second, about 50 KB): a moving test pattern with a tone, encoded by the ffmpeg binary that
 * the npm package `@ffmpeg-installer/ffmpeg` ships (its per-platform packages carry the binary
 * itself, so installing needs nothing but the npm registry). Deterministic: the same seed gives the
 * same bytes. Takes about 0.3 s.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const CLIP_SECONDS = 2.5;

/** The ffmpeg binary of @ffmpeg-installer (loaded on first use: it throws on an unsupported platform). */
export function ffmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

/** A small MP4: a test pattern tinted by the seed, and a tone whose pitch the seed picks. */
export async function clipMp4(seed: number): Promise<Buffer> {
  const hue = (seed * 37) % 360;
  const hz = [392, 440, 494, 523, 587, 659][seed % 6];
  const dir = await mkdtemp(path.join(tmpdir(), "portal-clip-"));
  const out = path.join(dir, `${randomBytes(6).toString("hex")}.mp4`);
  try {
    await run(
      ffmpegPath(),
      [
        ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
        ...["-f", "lavfi", "-i", `testsrc2=size=320x180:rate=15:duration=${CLIP_SECONDS},hue=h=${hue}`],
        ...["-f", "lavfi", "-i", `sine=frequency=${hz}:sample_rate=44100:duration=${CLIP_SECONDS}`],
        ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "baseline", "-pix_fmt", "yuv420p"],
        ...["-crf", "30", "-threads", "1", "-c:a", "aac", "-b:a", "48k", "-ac", "1"],
        ...["-movflags", "+faststart", "-shortest", "-bitexact", out],
      ],
      { timeout: 60_000 },
    );
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
