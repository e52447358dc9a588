import "server-only";

// What other features use of this one (they import it from here only: src/server/floors.mjs).
export { openToUser, visibleToUser } from "./access";
export { itemReadableLevel } from "./queries";
export { sanitizeArticleHtml } from "./html";
export { addCommentTo, listCommentsOf, type CommentTarget } from "./comments";
