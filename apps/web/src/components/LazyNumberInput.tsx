import { type NumberInputProps, TextInput } from "@mantine/core";
import { lazy, Suspense } from "react";

/**
 * Mantine's number field (with react-number-format, 7.6 KB compressed) as its own chunk, for number
 * fields that only a dialog shows: fetched as soon as the page loads, beside its data, so the desk's
 * first load stays within 250 KB (bench:web). Until it is in, a plain field with the same label, size
 * and value stands in, so nothing moves when it arrives. Use it exactly as `NumberInput`.
 */
let loaded: typeof import("./NumberInputChunk").NumberInput | undefined;
const field = import("./NumberInputChunk").then(({ NumberInput }) => {
  loaded = NumberInput;
  return { default: NumberInput };
});
const LazyField = lazy(() => field);

export function LazyNumberInput(props: NumberInputProps) {
  if (loaded) {
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  const { label, description, error, required, withAsterisk, size, w, style, className, value } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          label={label}
          description={description}
          error={error}
          required={required}
          withAsterisk={withAsterisk}
          size={size}
          w={w}
          style={style}
          className={className}
          value={value === undefined ? "" : String(value)}
          aria-label={props["aria-label"]}
          inputMode="numeric"
          readOnly
        />
      }
    >
      <LazyField {...props} />
    </Suspense>
  );
}
