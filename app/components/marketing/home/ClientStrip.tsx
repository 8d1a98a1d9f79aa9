import { clients } from "#app/content/clients.ts";

function ClientNames({ copy }: { copy: boolean }) {
  return (
    <ul
      aria-hidden={copy || undefined}
      className={`flex shrink-0 items-center gap-12 pr-12 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-y-4 motion-reduce:pr-0 ${copy ? "motion-reduce:hidden" : ""}`}
    >
      {clients.map((client) => (
        <li key={client} className="text-lg font-bold whitespace-nowrap text-ink-700">
          {client}
        </li>
      ))}
    </ul>
  );
}

/** Client names scrolling past; the list is doubled so the loop is seamless, and stands still for reduced motion. */
export function ClientStrip({ heading: clientsIntro }: { heading: string }) {
  return (
    <section aria-labelledby="clients-title" className="border-y border-ink-100 bg-white py-12">
      <h2 id="clients-title" className="px-4 text-center text-sm font-semibold tracking-wider text-ink-700 uppercase">
        {clientsIntro}
      </h2>
      <div className="mt-8 overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_10%,#000_90%,transparent)] motion-reduce:[mask-image:none]">
        <div className="mk-marquee flex w-max motion-reduce:w-auto motion-reduce:px-4">
          <ClientNames copy={false} />
          <ClientNames copy />
        </div>
      </div>
    </section>
  );
}
