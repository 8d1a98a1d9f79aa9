import { Clock } from "lucide-react";
import { Badge } from "#app/components/ui/Badge.tsx";
import { blogCopy } from "#app/content/blog.ts";
import { formatPostDate } from "./format";

/** Featured badge, category and read time, as the cards and the post page show them. */
export function PostTags({ category, readTime, featured }: { category: string; readTime: string; featured: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {featured && <Badge tone="accent">{blogCopy.featured}</Badge>}
      <Badge tone="info">{category}</Badge>
      <span className="inline-flex items-center gap-1 text-ink-700">
        <Clock className="size-4" aria-hidden="true" />
        {readTime}
      </span>
    </div>
  );
}

export function PostByline({ author, publishedDate, className = "" }: { author: string; publishedDate: string; className?: string }) {
  return (
    <p className={`text-sm text-ink-700 ${className}`}>
      <span className="font-semibold text-ink-900">{author}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={publishedDate}>{formatPostDate(publishedDate)}</time>
    </p>
  );
}
