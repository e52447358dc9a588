import "server-only";
import type {
  AstrologyReport,
  GeneKeyReport,
  HumanDesignReport,
  ReportBase,
  StoredBirthData,
} from "@/features/spiritual-profile/types";
import { astrologyChart } from "@/server/charts";
import { geneKeysProfile } from "@/server/charts";
import { humanDesignChart } from "@/server/charts";
import { SIGN_TEXT, ELEMENT_TEXT, TYPE_TEXT, AUTHORITY_TEXT, LINE_TEXT, DEFINITION_TEXT, SEQUENCE_TEXT } from "./texts";

function base(birth: StoredBirthData): Omit<ReportBase, "sections"> {
  return {
    generatedAt: new Date().toISOString(),
    birth: { date: birth.birthDate, time: birth.birthTime, place: birth.place.label, utc: birth.utc },
  };
}

export function buildAstrologyReport(birth: StoredBirthData): AstrologyReport {
  const chart = astrologyChart({
    utc: new Date(birth.utc),
    latitude: birth.place.latitude,
    longitude: birth.place.longitude,
  });
  const sun = chart.points.find((p) => p.name === "Sun")!;
  const moon = chart.points.find((p) => p.name === "Moon")!;
  const dominant = (Object.keys(chart.elements) as Array<keyof typeof chart.elements>).reduce((best, e) =>
    chart.elements[e] > chart.elements[best] ? e : best,
  );
  const sections = [
    { title: `Sun in ${sun.sign}, house ${sun.house}`, body: `Your core self: ${SIGN_TEXT[sun.sign] ?? ""}` },
    {
      title: `Moon in ${moon.sign}, house ${moon.house}`,
      body: `What you need to feel safe: ${SIGN_TEXT[moon.sign] ?? ""}`,
    },
    {
      title: `${chart.ascendant.sign} rising`,
      body: `How you meet the world and begin things: ${SIGN_TEXT[chart.ascendant.sign] ?? ""}`,
    },
    { title: `Mostly ${dominant}`, body: ELEMENT_TEXT[dominant] },
  ];
  if (chart.houseSystemFellBack) {
    sections.push({
      title: "Whole Sign houses",
      body: "Placidus houses cannot be drawn this close to the pole, so your chart uses Whole Sign houses: each house is one full sign, starting with your rising sign.",
    });
  }
  return { kind: "astrology", ...base(birth), chart, sections };
}

export function buildHumanDesignReport(birth: StoredBirthData): HumanDesignReport {
  const chart = humanDesignChart(new Date(birth.utc));
  const [p = 1, d = 1] = chart.profile.split("/").map(Number);
  const line = (n: number) => LINE_TEXT[n] ?? "";
  const sections = [
    { title: `${chart.type}: ${chart.strategy}`, body: TYPE_TEXT[chart.type] ?? "" },
    { title: `${chart.authority} authority`, body: AUTHORITY_TEXT[chart.authority] ?? "" },
    {
      title: `Profile ${chart.profile}`,
      body: `Consciously you are the ${line(p)} In your body you are the ${line(d)}`,
    },
    { title: `${chart.definition} definition`, body: DEFINITION_TEXT[chart.definition] ?? "" },
    {
      title: chart.incarnationCross.label,
      body: "Your incarnation cross is the theme of your life's purpose, drawn from the gates of your conscious and unconscious Sun and Earth.",
    },
  ];
  return { kind: "human-design", ...base(birth), chart, sections };
}

export function buildGeneKeyReport(birth: StoredBirthData): GeneKeyReport {
  const profile = geneKeysProfile(humanDesignChart(new Date(birth.utc)));
  const sections = (Object.keys(SEQUENCE_TEXT) as Array<keyof typeof SEQUENCE_TEXT>).map((name) => ({
    title: SEQUENCE_TEXT[name].title,
    body: `${SEQUENCE_TEXT[name].body} ${profile[name].map((s) => `${s.sphere} ${s.label}`).join(", ")}.`,
  }));
  return { kind: "gene-key", ...base(birth), profile, sections };
}
