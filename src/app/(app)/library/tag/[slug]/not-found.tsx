import { LibraryNotFound } from "@/components/library/library-not-found";

export default function NotFound() {
  return <LibraryNotFound title="Tag Not Found" />;
}
