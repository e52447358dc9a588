import { getAnnouncement } from "./use-live-region";
import {
  TOAST_REMOVE_DELAY_MS,
  dismissToast,
  getToasts,
  hasNextPageToast,
  showNextPageToast,
  toast,
  toastOnNextPage,
} from "./use-toast";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("toast store", () => {
  it("keeps at most one toast: a new one replaces the last", () => {
    toast({ title: "First" });
    toast({ title: "Second", description: "Newest", variant: "destructive" });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({
      title: "Second",
      description: "Newest",
      variant: "destructive",
      open: true,
    });
  });

  it("says each toast through the page's live region, title and description as two sentences", () => {
    toast({ title: "Settings saved", description: "Your notification choices are saved." });
    expect(getAnnouncement().text).toBe("Settings saved. Your notification choices are saved.");
    toast({ title: "Success!", description: "You have been subscribed to our newsletter." });
    expect(getAnnouncement().text).toBe("Success! You have been subscribed to our newsletter.");
    const before = getAnnouncement().id;
    toast({ title: "Report dismissed" });
    toast({ title: "Report dismissed" });
    expect(getAnnouncement()).toEqual({ id: before + 2, text: "Report dismissed" });
  });

  it("closes a dismissed toast at once and forgets it after 1,000,000 ms", () => {
    const shown = toast({ title: "Bye" });
    shown.dismiss();
    expect(getToasts()[0]).toMatchObject({ id: shown.id, open: false });
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts().some((t) => t.id === shown.id)).toBe(true);
    jest.advanceTimersByTime(1);
    expect(getToasts().some((t) => t.id === shown.id)).toBe(false);
  });

  it("dismisses everything when no id is given", () => {
    toast({ title: "One" });
    dismissToast();
    expect(getToasts().every((t) => !t.open)).toBe(true);
  });
});

describe("a toast for the next page (sign-in and sign-out end with a page load)", () => {
  const store = new Map<string, string>();
  beforeAll(() => {
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });
  });
  afterAll(() => delete (globalThis as { sessionStorage?: unknown }).sessionStorage);

  /** The same module as a new page load has it: its own toasts and its own page identity. */
  function nextPage(): typeof import("./use-toast") {
    let loaded: typeof import("./use-toast") | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof import("./use-toast")>("./use-toast");
    });
    return loaded!;
  }

  it("is kept for the next page, shown there once, then forgotten", () => {
    toastOnNextPage({ title: "Login successful", description: "Welcome back, Rosa!" });
    const next = nextPage();
    next.toast({ title: "Something else" });
    next.showNextPageToast();
    expect(next.getToasts()[0]).toMatchObject({
      title: "Login successful",
      description: "Welcome back, Rosa!",
      variant: "default",
      open: true,
    });
    next.toast({ title: "Later" });
    next.showNextPageToast();
    expect(next.getToasts()[0]).toMatchObject({ title: "Later" });
  });

  it("is not shown by the page that wrote it, whose toasts load late and which is being left", () => {
    toast({ title: "Before" });
    toastOnNextPage({ title: "Logout successful", description: "You have been logged out successfully" });
    showNextPageToast();
    expect(getToasts()[0]).toMatchObject({ title: "Before" });
    const next = nextPage();
    next.showNextPageToast();
    expect(next.getToasts()[0]).toMatchObject({
      title: "Logout successful",
      description: "You have been logged out successfully",
    });
    expect(store.size).toBe(0);
  });

  it("tells the next page one is waiting (its toasts then load), not the page that wrote it", () => {
    expect(hasNextPageToast()).toBe(false);
    toastOnNextPage({ title: "Login successful" });
    expect(hasNextPageToast()).toBe(false);
    const next = nextPage();
    expect(next.hasNextPageToast()).toBe(true);
    next.showNextPageToast();
    expect(next.hasNextPageToast()).toBe(false);
  });

  it("ignores what it did not write", () => {
    store.set("toast-on-next-page", "{not json");
    toast({ title: "Kept" });
    showNextPageToast();
    expect(getToasts()[0]).toMatchObject({ title: "Kept" });
    expect(store.size).toBe(0);
  });
});
