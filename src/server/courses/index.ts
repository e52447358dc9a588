import "server-only";

// What other features use of this one (they import it from here only: src/server/floors.mjs).
export { coursesInProgress } from "./in-progress";
export { listCourses } from "./member";
export { canOpenLessonFiles } from "./member";
export { sendLessonOpenedNotices } from "./lesson-opened";
