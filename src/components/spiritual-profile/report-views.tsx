import { ScrollRegion } from "@/components/ui/scroll-region";
import type { AstrologyReport, GeneKeyReport, HumanDesignReport } from "@/features/spiritual-profile/types";
import { Bodygraph } from "./bodygraph";
import { NatalWheel } from "./natal-wheel";

function Sections({ sections }: { sections: Array<{ title: string; body: string }> }) {
  return (
    <div className="grid gap-4">
      {sections.map((s) => (
        <section key={s.title}>
          <h3 className="font-semibold">{s.title}</h3>
          <p className="text-muted-foreground">{s.body}</p>
        </section>
      ))}
    </div>
  );
}

function BirthLine({ birth }: { birth: AstrologyReport["birth"] }) {
  return (
    <p className="text-sm text-muted-foreground">
      For {birth.date} at {birth.time}, {birth.place} (
      {new Date(birth.utc).toISOString().slice(0, 16).replace("T", " ")} UTC).
    </p>
  );
}

export function AstrologyReportView({ report }: { report: AstrologyReport }) {
  const { chart } = report;
  return (
    <div className="grid gap-6">
      <BirthLine birth={report.birth} />
      <NatalWheel chart={chart} />
      <Sections sections={report.sections} />
      <ScrollRegion label="Positions">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-semibold">
            Positions ({chart.houseSystem === "placidus" ? "Placidus" : "Whole Sign"} houses)
          </caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Point</th>
              <th scope="col">Sign</th>
              <th scope="col">Degree</th>
              <th scope="col">House</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="text-left font-normal">
                Ascendant
              </th>
              <td>{chart.ascendant.sign}</td>
              <td>{chart.ascendant.formatted}</td>
              <td>1</td>
            </tr>
            <tr>
              <th scope="row" className="text-left font-normal">
                Midheaven
              </th>
              <td>{chart.midheaven.sign}</td>
              <td>{chart.midheaven.formatted}</td>
              <td>10</td>
            </tr>
            {chart.points.map((p) => (
              <tr key={p.name}>
                <th scope="row" className="text-left font-normal">
                  {p.name}
                </th>
                <td>{p.sign}</td>
                <td>
                  {p.formatted}
                  {p.retrograde ? " R" : ""}
                </td>
                <td>{p.house}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="text-sm text-muted-foreground">
        Elements: fire {chart.elements.fire}, earth {chart.elements.earth}, air {chart.elements.air}, water{" "}
        {chart.elements.water}. Modalities: cardinal {chart.modalities.cardinal}, fixed {chart.modalities.fixed},
        mutable {chart.modalities.mutable}.
      </p>
      <p className="text-sm text-muted-foreground">
        Aspects: {chart.aspects.map((a) => `${a.a} ${a.aspect} ${a.b} (${a.orb.toFixed(1)}°)`).join("; ") || "none"}.
      </p>
    </div>
  );
}

export function HumanDesignReportView({ report }: { report: HumanDesignReport }) {
  const { chart } = report;
  const rows = chart.personality.map((p, i) => ({ body: p.body, personality: p, design: chart.design[i]! }));
  return (
    <div className="grid gap-6">
      <BirthLine birth={report.birth} />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        {[
          ["Type", chart.type],
          ["Strategy", chart.strategy],
          ["Authority", chart.authority],
          ["Profile", chart.profile],
          ["Definition", chart.definition],
          ["Incarnation Cross", chart.incarnationCross.label],
        ].map(([k, v]) => (
          <div key={k}>
            <dt className="font-semibold">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <Bodygraph chart={chart} />
      <Sections sections={report.sections} />
      <ScrollRegion label="Activations">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-semibold">Activations (gate.line)</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Planet</th>
              <th scope="col">Design (unconscious)</th>
              <th scope="col">Personality (conscious)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.body}>
                <th scope="row" className="text-left font-normal">
                  {r.body}
                </th>
                <td>
                  {r.design.gate}.{r.design.line}
                </td>
                <td>
                  {r.personality.gate}.{r.personality.line}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="text-sm text-muted-foreground">
        Channels: {chart.channels.map((c) => `${c.gates.join("-")} (${c.name})`).join(", ") || "none"}.
      </p>
    </div>
  );
}

export function GeneKeyReportView({ report }: { report: GeneKeyReport }) {
  return (
    <div className="grid gap-6">
      <BirthLine birth={report.birth} />
      <Sections sections={report.sections} />
      {(["activation", "venus", "pearl"] as const).map((name) => (
        <ScrollRegion key={name} label={`${name} sequence`}>
          <table className="w-full text-sm">
            <caption className="mb-2 text-left font-semibold capitalize">{name} sequence</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">Sphere</th>
                <th scope="col">Gene Key</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {report.profile[name].map((s) => (
                <tr key={s.sphere}>
                  <th scope="row" className="text-left font-normal">
                    {s.sphere}
                  </th>
                  <td>{s.label}</td>
                  <td>
                    {s.source.side === "personality" ? "Personality" : "Design"} {s.source.body}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ))}
    </div>
  );
}
