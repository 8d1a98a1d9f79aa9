import { ChevronLeft, ChevronRight, Quote, Star } from "lucide-react";
import { Section } from "#app/components/ui/Section.tsx";
import type { TestimonialsContent } from "#contracts/site-content.ts";
import { useRotation } from "#app/lib/use-rotation.ts";
import { Avatar } from "../Avatar";
import { CarouselDots, slideClasses } from "../CarouselDots";

export const TESTIMONIAL_ROTATION_MS = 5000;
const tonesByIndex = ["indigo", "emerald", "crimson"] as const;

const arrowClasses =
  "grid size-11 place-items-center rounded-full bg-white/10 text-white ring-1 ring-white/20 transition-colors duration-150 hover:bg-white/20";

/** Client quotes (three as shipped; staff edit them) that take turns every 5 s, hold while the pointer is on them, and wrap both ways. */
export function Testimonials({ content }: { content: TestimonialsContent }) {
  const testimonials = content.items;
  const rotation = useRotation({ count: testimonials.length, intervalMs: TESTIMONIAL_ROTATION_MS });
  return (
    <Section id="testimonials" tone="dark" eyebrow={content.eyebrow} title={content.title}>
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label="Client testimonials"
        data-testid="testimonials"
        className="mx-auto max-w-3xl"
        {...rotation.pauseHandlers}
      >
        <div className="grid" aria-live={rotation.autoAdvancing ? "off" : "polite"}>
          {testimonials.map((testimonial, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${testimonials.length}`}
              data-active={i === rotation.index}
              data-direction={rotation.direction}
              className={`${slideClasses(i === rotation.index, rotation.direction)} rounded-card bg-white/5 p-8 ring-1 ring-white/10 sm:p-10`}
            >
              <Quote className="size-8 text-cyan-300" aria-hidden="true" />
              <div className="mt-4 flex items-center gap-2">
                <span className="flex text-amber-400" aria-hidden="true">
                  {Array.from({ length: testimonial.rating }, (_, star) => (
                    <Star key={star} className="size-4 fill-current" />
                  ))}
                </span>
                <span className="text-sm font-semibold text-white">
                  <span className="sr-only">Rated </span>
                  {testimonial.rating.toFixed(1)}/5.0
                </span>
              </div>
              <figure>
                <blockquote className="mt-4 text-lg leading-relaxed text-ink-100 sm:text-xl">“{testimonial.content}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-4">
                  <Avatar initials={testimonial.avatar} tone={tonesByIndex[i % tonesByIndex.length]!} size={48} />
                  <span>
                    <span className="block font-semibold text-white">{testimonial.name}</span>
                    <span className="block text-sm text-ink-200">
                      {testimonial.role}, {testimonial.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
        <div className="mt-6 flex items-center justify-center gap-4">
          <button type="button" aria-label="Previous testimonial" onClick={rotation.previous} className={arrowClasses}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <CarouselDots count={testimonials.length} index={rotation.index} onSelect={rotation.select} labelFor={(i) => `Show testimonial ${i + 1}`} inverse />
          <button type="button" aria-label="Next testimonial" onClick={rotation.next} className={arrowClasses}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </Section>
  );
}
