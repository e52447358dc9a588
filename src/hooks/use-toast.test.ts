import { TOAST_REMOVE_DELAY_MS, dismissToast, getToasts, toast } from "./use-toast";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("toast store", () => {
  it("keeps at most one toast: a new one replaces the last", () => {
    toast({ title: "First" });
    toast({ title: "Second", description: "Newest", variant: "destructive" });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: "Second", description: "Newest", variant: "destructive", open: true });
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
