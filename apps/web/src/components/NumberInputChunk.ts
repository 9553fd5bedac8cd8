import { NumberInput } from "@mantine/core";

/** Mantine's number field alone, for `LazyNumberInput` to load as its own chunk. */
export { NumberInput };
