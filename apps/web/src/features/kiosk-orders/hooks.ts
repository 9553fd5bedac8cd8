import { useMediaQuery } from "@mantine/hooks";

/** Dialogs fill the screen below 576 px. */
export const useFullScreen = () => useMediaQuery("(max-width: 575px)") ?? false;
