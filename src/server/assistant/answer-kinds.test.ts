import { askedKinds, asksWhat, givenKinds, tellsCircumstances } from "./answer-kinds";

const kinds = (text: string) => [...givenKinds(text)].sort();

describe("the kind of answer a question asks for", () => {
  it("reads it from the asking words", () => {
    expect([...askedKinds("When is the New Moon Intention Circle?")]).toEqual(["time"]);
    expect([...askedKinds("What day is the Maker Market?")]).toEqual(["time"]);
    expect([...askedKinds("Where is the Rooftop Sisterhood Social?")]).toEqual(["place"]);
    expect([...askedKinds("Who leads the sound bath?")]).toEqual(["person"]);
    expect([...askedKinds("How long does approval take?")]).toEqual(["duration"]);
    expect([...askedKinds("How often are events held?")]).toEqual(["frequency"]);
    expect([...askedKinds("Is there a minimum age?")]).toEqual(["quantity"]);
  });

  it('tells "who may come" from "who does it"', () => {
    expect([...askedKinds("Who can come to the salon?")]).toEqual(["access"]);
    expect([...askedKinds("Is the salon open to everyone?")]).toEqual(["access"]);
    expect(askedKinds("Who can come to the salon?").has("person")).toBe(false);
  });

  it('takes a "what" question without another kind for one about what something is', () => {
    expect(asksWhat("What's on at the Maker Market?", askedKinds("What's on at the Maker Market?"))).toBe(true);
    expect(asksWhat("What time does it start?", askedKinds("What time does it start?"))).toBe(false);
    expect(asksWhat("Why do womxn need circles?", askedKinds("Why do womxn need circles?"))).toBe(false);
  });
});

describe("the kind of answer a sentence gives", () => {
  it("reads dates, times and named places", () => {
    const when = "Maker Market takes place on Dec 19, 2026 at 11:00 AM EST, at Greenpoint Warehouse, 67 West St.";
    expect(kinds(when)).toEqual(expect.arrayContaining(["time", "place"]));
    expect(tellsCircumstances(givenKinds(when))).toBe(true);
  });

  it("reads a person named after by or with, and not a place or a lower-case word", () => {
    expect(kinds("A restorative sound bath led by Lena, with journaling prompts.")).toEqual(["person"]);
    expect(kinds("An online introduction to breathwork with Priya.")).toEqual(["person"]);
    expect(kinds("Share breakfast with members at the garden.")).toEqual([]);
  });

  it("reads who may come, durations, frequencies and numbers", () => {
    expect(kinds("Creative Lab is for members only; it is not open to everyone.")).toEqual(["access"]);
    expect(kinds("The community is for womxn and female-identifying people only.")).toEqual(["access"]);
    expect(kinds("We decide within 5 business days of receiving your application.")).toEqual(
      expect.arrayContaining(["duration", "quantity"]),
    );
    expect(kinds("There are member events every month.")).toEqual(["frequency"]);
    expect(kinds("Membership is open to people aged 18 or over.")).toEqual(expect.arrayContaining(["quantity"]));
  });

  it("does not take what something is for its circumstances", () => {
    const what = givenKinds("Members sell their art, ceramics, zines and skincare.");
    expect(tellsCircumstances(what)).toBe(false);
    // "in person" and "online" say how, not at which place.
    expect(givenKinds("Workshops and salons, both in person and online.").has("place")).toBe(false);
  });
});
