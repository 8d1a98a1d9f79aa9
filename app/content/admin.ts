export const adminLoginCopy = {
  title: "Admin login",
  intro: "Staff sign-in. A browser used for the first time must be approved by an admin before it can sign in.",
  username: "Username",
  password: "Password",
  submit: "Login",
  submitting: "Logging in...",
  registering: "Device submitted for verification. Await admin approval.",
  success: "Login successful! Redirecting...",
} as const;

/** The screens of the admin area, as the hub lists them. */
export const adminScreens = [
  { to: "/dashboard", title: "Dashboard", description: "Enquiries, applications, sign-ups and page views at a glance." },
  { to: "/postblog", title: "Blog Post Management", description: "Write, edit and remove the posts of the public blog." },
  { to: "/admin/devices", title: "Devices", description: "Approve or revoke the browsers admins sign in from." },
] as const;

export const postManagementCopy = {
  heading: "Blog Post Management",
  loading: "Loading...",
  createHeading: "Create New Post",
  editHeading: "Edit Post",
  title: "Title",
  excerpt: "Excerpt",
  excerptHint: "Max 300 characters",
  categories: "Categories",
  newCategory: "New category",
  addCategory: "Add",
  image: "Featured Image",
  imageCta: "Click to upload",
  imageHint: "JPEG, PNG, WebP, GIF or AVIF, up to 8 MB",
  removeImage: "Remove image",
  readTime: "Read Time (minutes)",
  featured: "Featured Post",
  content: "Content",
  contentHint: "Markdown: headings, lists, tables, task lists, footnotes and links.",
  preview: "Preview",
  hidePreview: "Hide preview",
  save: "Save Post",
  saving: "Saving...",
  cancel: "Cancel",
  existing: "Existing Posts",
  empty: "No posts found.",
  unknownCategory: "Unknown",
  confirmDelete: "Are you sure you want to delete this post?",
  saved: "Post saved.",
  deleted: "Post deleted.",
} as const;
