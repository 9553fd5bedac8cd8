import { useMediaQuery } from "@mantine/hooks";

/** Dialogs go full screen below 576 px (the one breakpoint every popup uses). */
export const useFullScreen = () => useMediaQuery("(max-width: 575px)") ?? false;
