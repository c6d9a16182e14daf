/** Height of the signed-in bottom navigation, so screens keep their last line above it. */
export const BOTTOM_NAV_HEIGHT = 68;
