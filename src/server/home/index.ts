import "server-only";
// The members' home (/home, GET /api/home): what happened since her last visit and what is coming,
// each part read by the module that owns it, under that module's rules for who may read what.
export { membersHome } from "./members-home";
