/**
 * The words visitors use for what the site speaks of, kept by hand as the site's subjects change
 * (decision 058). Search and the assistant read a query through it: a visitor's word or phrase is
 * looked for as itself and as every word of its group, so "pentest" finds "penetration testing" and
 * "k8s" finds "Kubernetes". Entries are lower case, written as a visitor would type them; a phrase is
 * matched as consecutive words.
 *
 * Keep a group to words that mean the same thing on this site. A word in two groups is looked for as
 * both; a group too wide makes every page answer every question. A word written "=founded" is matched
 * as written only: its English stem is another word's ("found", as in "404 Not Found"; "damages", as in
 * "contain the damage").
 */

/** Words that mean the same: any one is looked for as all of them. */
export const SYNONYMS: readonly (readonly string[])[] = [
  // Services and what they are called.
  ["penetration testing", "penetration test", "pentest", "pentests", "pentesting", "pen test", "pen testing", "ethical hacking", "ethical hackers", "vapt"],
  ["vulnerability", "vulnerabilities", "vuln", "vulns", "weak spots", "security holes", "holes", "vapt"],
  ["cybersecurity", "cyber security", "cybersec", "infosec", "information security", "security"],
  ["threat detection", "soc", "siem", "security operations", "intrusion detection", "monitoring", "threat monitoring", "security monitoring"],
  ["round the clock", "round-the-clock", "around the clock", "24/7", "24x7", "24 7", "always on"],
  ["kubernetes", "k8s", "eks", "aks", "gke"],
  ["download", "downloads", "downloading", "dl"],
  ["containers", "docker", "containerisation", "containerization"],
  ["automation", "automate", "automated", "automatic", "automatically", "automating"],
  ["deployment", "deployments", "deploy", "deploying", "ship to production", "shipped to production", "release", "releases", "go live", "launch"],
  [
    "devops",
    "ci/cd",
    "ci cd",
    "cicd",
    "continuous integration",
    "continuous delivery",
    "continuous deployment",
    "deployment pipeline",
    "release automation",
    "ci/cd pipeline",
    "build pipeline",
  ],
  ["machine learning", "ml", "artificial intelligence", "ai"],
  ["large language model", "llm", "llms", "gpt", "chatgpt", "genai", "generative ai", "language models"],
  ["chatbot", "chatbots", "chat bot", "bot", "bots", "virtual assistant", "assistants", "chat assistants", "conversational ai"],
  ["natural language processing", "nlp", "text analytics", "text analysis", "text classification", "classify", "sort emails", "read emails"],
  [
    "computer vision",
    "cv",
    "defects",
    "defect detection",
    "visual inspection",
    "inspect",
    "recognise",
    "recognize",
    "recognition",
    "image recognition",
    "object detection",
    "image models",
    "photos",
    "pictures",
    "images",
    "cameras",
    "video analytics",
  ],
  ["predictive analytics", "forecasting", "forecast", "predictions", "prediction", "predictive modelling", "predictive modeling"],
  [
    "data visualization",
    "data visualisation",
    "dataviz",
    "data viz",
    "visualization",
    "visualisation",
    "dashboards",
    "dashboard",
    "charts",
    "graphs",
    "reports",
    "reporting",
  ],
  ["business intelligence", "bi", "kpi", "kpis", "metrics"],
  ["etl", "elt", "data pipelines", "data pipeline", "data engineering", "data warehouse", "warehouse", "data lake", "plumbing"],
  ["data science", "data scientists", "data analytics", "analytics", "statistics"],
  ["spreadsheets", "spreadsheet", "excel", "csv"],
  // Each provider apart: the site names all three wherever it speaks of the cloud, and "an AWS partner" is not "a cloud partner".
  ["cloud", "cloud computing"],
  ["aws", "amazon web services", "amazon"],
  ["azure", "microsoft azure"],
  ["gcp", "google cloud"],
  ["multi-cloud", "multicloud", "multi cloud", "hybrid cloud", "several clouds", "amazon and microsoft", "aws and azure"],
  ["serverless", "lambda", "cloud functions", "cloud run"],
  ["migration", "migrations", "migrate", "move to the cloud", "lift and shift"],
  ["cost optimization", "cost optimisation", "cloud costs", "cloud bill", "cheaper hosting", "save money"],
  ["mobile", "mobile apps", "mobile app", "ios", "iphone", "ipad", "android", "react native", "app store"],
  ["web", "website", "websites", "web app", "web apps", "webapp", "web application", "web applications", "web development", "frontend", "front end"],
  ["api", "apis", "endpoint", "endpoints", "integration", "integrations", "integrate", "exchange data", "connect systems", "sync"],
  ["technologies", "technology", "tech stack", "stack", "tools", "frameworks", "languages"],
  ["development", "develop", "developing", "dev", "build", "building", "implement", "implementation", "create"],
  ["custom software", "software development", "bespoke software", "software"],
  ["design", "ux", "ui", "ux/ui", "ui/ux", "user experience", "user interface", "interface design", "designers"],
  ["architecture", "system design", "system architecture", "modernisation", "modernization", "legacy"],
  ["setup", "set up", "set-up", "set-ups", "configure", "configuration", "install", "installation"],
  ["encryption", "encrypt", "encrypted", "tls", "ssl", "scrambled", "scramble", "unreadable"],
  ["audit", "audits", "security audit", "security review", "compliance review"],
  ["incident response", "breach response", "hacked", "attack", "attacked"],
  ["fraud detection", "fraud", "anomaly detection", "anomalies"],
  ["recommendation", "recommendations", "recommender", "recommendation engine"],
  ["deep learning", "neural network", "neural networks", "fine-tuning", "fine tuning", "fine tune"],
  // The company, its people and how to reach it.
  ["about us", "about the company", "who we are", "about himaltech"],
  ["founder", "founders", "=founded", "co-founder", "cofounder", "started the company", "owner", "owners", "ceo"],
  ["linkedin", "linkedin profile", "profile", "profiles"],
  ["instagram", "insta", "ig"],
  ["facebook", "fb"],
  ["tiktok", "tik tok"],
  ["social media", "socials", "social networks", "social accounts"],
  ["leadership", "leaders", "management", "executives", "ceo", "cto", "coo", "directors"],
  ["team", "staff", "employees", "people", "engineers", "developers", "who works there"],
  ["values", "principles", "culture", "beliefs", "stand for", "care about"],
  ["mission", "vision", "purpose", "goal", "goals"],
  ["story", "history", "journey", "background", "beginning"],
  ["testimonials", "testimonial", "what clients say", "client reviews", "customer reviews", "references"],
  ["case studies", "case study", "success stories", "success story", "portfolio", "past work", "previous work", "projects", "examples", "results"],
  ["clients", "customers", "client list"],
  [
    "partner",
    "partners",
    "partnership",
    "partner programme",
    "partner program",
    "reseller",
    "referral",
    "referrals",
    "affiliate",
    "white label",
    "white-label",
    "agency",
    "team up",
    "resell",
    "reselling",
    "collaborate",
    "collaboration",
  ],
  [
    "address",
    "office",
    "offices",
    "headquarters",
    "headquarter",
    "hq",
    "located",
    "physically located",
    "location",
    "based",
    "physically based",
    "where are you",
    "city",
    "country",
  ],
  ["phone", "phone number", "telephone", "call you", "number"],
  ["email", "e-mail", "mail", "email address"],
  ["weekdays", "weekday", "which days", "monday", "tuesday", "wednesday", "thursday", "friday", "mon", "tue", "tues", "wed", "thu", "thurs", "fri"],
  ["weekend", "weekends", "saturday", "sunday", "sat", "sun"],
  ["enquiry", "enquiries", "inquiry", "inquiries", "request", "requests", "message", "messages", "brief"],
  ["how quickly", "how fast", "how soon", "quickly", "how quick", "fast", "soon", "within", "turnaround", "response time", "eta", "sla", "slas"],
  ["working hours", "opening hours", "office hours", "hours", "open", "opening times", "business hours"],
  ["time zone", "timezone", "time zones", "timezones", "tz", "tzs", "local time", "nepal time", "npt"],
  // The booking's three time zones by name; never a place ("an office in New York" is not a time zone).
  ["pst", "pacific", "pacific time"],
  ["cst", "central time"],
  ["est", "eastern time"],
  [
    "meeting",
    "meetings",
    "mtg",
    "mtgs",
    "appointment",
    "appointments",
    "video call",
    "call",
    "calls",
    "consultation",
    "book",
    "booking",
    "schedule",
    "demo call",
  ],
  ["expert", "experts", "specialist", "specialists", "consultant", "consultants"],
  ["kinds of help", "kind of help", "types of help", "type of help", "help types"],
  ["contact", "contact us", "get in touch", "reach you", "reach out", "talk to someone", "speak to someone"],
  ["contact form", "contact us form", "enquiry form", "inquiry form", "send us a message"],
  ["reply", "replies", "respond", "response", "answer", "get back", "hear back"],
  ["remote", "remote-first", "remotely", "work from home", "wfh", "distributed"],
  // Money.
  [
    "pricing",
    "price",
    "prices",
    "cost",
    "costs",
    "how much",
    "fees",
    "fee",
    // As written: "rate limits" are not prices.
    "=rates",
    "quote",
    "quotes",
    "budget",
    "expensive",
    "money",
    "cheap",
    "affordable",
    "charge",
  ],
  // The project form's budget choices: "ranges" alone is not a price.
  ["budget ranges", "budget range", "budget brackets", "price range", "price ranges", "spending ranges", "spending brackets", "money ranges", "budget"],
  ["discount", "discounts", "disc", "startup special", "offer for startups", "deal"],
  ["free trial", "trial", "try for free", "try it free"],
  [
    "startup",
    "startups",
    "start-up",
    "start-ups",
    "new company",
    "brand new company",
    "young company",
    "small business",
    "small businesses",
    "sme",
    "smes",
    "early stage",
    "seed stage",
    "pre-seed",
  ],
  ["fixed price", "fixed-price", "fixed quote", "fixed scope"],
  ["retainer", "retainers", "monthly", "ongoing"],
  // Careers.
  [
    "careers",
    "career",
    "jobs",
    "job",
    "openings",
    "opening",
    "vacancies",
    "vacancy",
    "positions",
    "position",
    "roles",
    "role",
    "hiring",
    "hired",
    "get hired",
    "work for you",
    "open positions",
    "open position",
    "open roles",
    "open role",
    "open jobs",
    "join",
    "join the team",
    "recruiting",
  ],
  ["apply", "application", "applying", "send my cv", "send my resume", "submit my cv"],
  ["resume", "résumé", "cv", "curriculum vitae"],
  ["file formats", "file format", "file types", "file type", "formats", "format", "pdf", "docx", "word document"],
  ["internship", "internships", "intern", "interns", "trainee", "graduate", "fresher", "entry level", "junior", "general application"],
  ["benefits", "perks", "perk", "benefit", "why join us", "what do employees get"],
  ["salary", "salaries", "pay", "paycheck", "paycheque", "paid", "wage", "wages", "compensation", "package"],
  // What a client pays and how, which no page states: not a job's pay.
  ["pay for", "billing", "invoice", "invoices", "installments", "instalments", "payment terms", "payment plan"],
  ["flexible", "flexibility", "flex", "work-life balance", "flexible hours"],
  ["health insurance", "health ins", "insurance", "medical", "doctor", "doctors"],
  ["professional development", "l&d", "learning and development"],
  ["training", "learning", "courses", "mentoring", "mentorship"],
  // The site and its policies.
  [
    "privacy",
    "privacy policy",
    "personal data",
    "my data",
    "data protection",
    "my information",
    "my personal information",
    "personal info",
    "my info",
    "stored about me",
    "you have about me",
    "you hold about me",
    "hold on me",
    "have on me",
    "know about me",
  ],
  ["gdpr", "general data protection regulation", "dpo", "data protection officer", "dpa", "data processing agreement"],
  ["breach", "data breach", "breaches", "leak", "leaked", "hacked"],
  ["adversary", "adversaries", "attackers", "attacker", "hackers", "criminals", "cybercriminals", "bad actors"],
  ["notification", "notifications", "notify", "notified", "notif", "notifs", "find out", "let you know"],
  ["your rights", "my rights", "rights", "data rights", "privacy rights"],
  ["delete my data", "erasure", "erase", "erased", "erase my data", "wipe", "wiped", "wipe my data", "right to be forgotten", "remove my data"],
  ["sell", "sold", "selling", "share my data", "third parties", "third party", "advertisers", "data brokers"],
  ["cookies", "cookie", "cookie policy", "tracking", "track me", "tracks me", "following me around", "follow me around", "followed around"],
  // The cookie kind that follows visitors for campaigns.
  ["marketing", "advertising", "ads", "adverts", "advertisements"],
  ["last updated", "updated", "revised", "last revised", "last changed", "revision"],
  ["filter", "narrow down", "narrow them down", "narrow it down", "browse by", "sort by"],
  ["categories", "category", "topics", "topic", "subject", "subjects"],
  ["terms", "terms of service", "terms and conditions", "t&c", "tos", "legal", "contract"],
  ["liability", "liable", "=damages", "losses", "on the hook", "owe"],
  ["effective", "came into force", "come into force", "comes into force", "in force", "took effect", "take effect", "takes effect"],
  ["intellectual property", "ip", "own the code", "ownership", "source code"],
  ["nda", "ndas", "non-disclosure", "confidentiality", "confidential"],
  ["login", "log in", "sign in", "signin", "logon"],
  ["password", "passwords", "pw", "pwd"],
  ["sign up", "signup", "register", "registration", "create an account", "new account", "subscribe"],
  ["newsletter", "newsletters", "subscribe", "subscription", "mailing list", "updates by email"],
  ["blog", "articles", "article", "posts", "insights", "news"],
  ["docs", "documentation", "developer docs", "guides", "guide", "manual"],
  ["sdk", "sdks", "client library", "client libraries", "library", "libraries"],
  [
    "rate limits",
    "rate limit",
    "requests per minute",
    "req/min",
    "reqs/min",
    "requests/min",
    "rpm",
    "calls per minute",
    "calls a minute",
    "reqs per min",
    "reqs a min",
    "api calls",
    "throttling",
    "429",
  ],
  ["api key", "api keys", "token", "tkn", "access key"],
  ["authentication", "authenticate", "authenticating", "auth", "prove who i am", "identify myself", "credentials"],
  ["support", "help desk", "helpdesk", "customer support", "technical support"],
  ["outage", "down", "broken", "not working", "status", "slow", "slowly", "incident"],
  ["cdn", "images loading", "assets"],
  ["faq", "faqs", "frequently asked questions", "common questions"],
  ["community", "forum", "forums", "events", "meetup", "meetups"],
  // "Process" alone is stemmed as "processing" is, and data processing is not how a project runs.
  [
    "our process",
    "your process",
    "the process",
    "stages",
    "phases",
    "how you work",
    "methodology",
    "workflow",
    "steps",
    "approach",
    "what happens next",
    "what happens after",
    "next steps",
  ],
  // "mins" is minutes, never "mind".
  ["timeline", "how long", "duration", "weeks", "months", "deadline", "minutes", "mins", "days"],
  ["minimum", "min", "at least", "or more"],
  ["how often", "frequency", "once a month", "monthly", "once a week", "weekly", "every month", "every week"],
  ["sprint", "sprints", "agile", "scrum", "iterations"],
  // Industries.
  ["agritech", "agriculture", "farming", "farmers", "farms", "crops"],
  ["education", "edtech", "schools", "students", "learning platforms", "e-learning"],
  ["fintech", "finance", "banking", "payments", "banks"],
  ["e-commerce", "ecommerce", "retail", "online shop", "online store", "shops"],
  ["healthcare", "health", "hospitals", "clinics", "medical"],
  ["logistics", "transport", "delivery", "dispatch"],
  // Places: the site names regions, visitors name countries.
  ["europe", "eu", "european", "germany", "france", "uk", "united kingdom", "britain", "netherlands", "spain", "italy"],
  ["north america", "usa", "united states", "america", "canada"],
  ["australia", "new zealand"],
  ["asia", "india", "singapore", "japan"],
  ["outside nepal", "abroad", "international", "overseas", "foreign", "worldwide", "other countries"],
  // Not "Nepali", the language: "is the website in Nepali?" is not answered by where the company is.
  ["nepal", "nepalese", "kathmandu", "lalitpur"],
];

/**
 * Words a group's words find one way only: asked for its tech stack, a page naming Python answers; asked
 * about Python, a page naming TypeScript does not, nor one that only says "technologies".
 */
export const NARROWER: readonly { broader: string; narrower: readonly string[] }[] = [
  { broader: "technologies", narrower: ["react", "node", "python", "typescript"] },
  // An API may be REST or GraphQL; a question about GraphQL is not answered by a REST API.
  { broader: "api", narrower: ["rest", "graphql"] },
  // A client's training is not a perk; a question about training may be about the perk.
  { broader: "training", narrower: ["professional development"] },
  // The community lives on Discord; Discord is not its events.
  { broader: "community", narrower: ["discord"] },
  // Working from home is what the careers page's flexible work arrangements are; flexible hours are not remote work.
  { broader: "remote", narrower: ["flexible work arrangements", "flexible work"] },
  // WhatsApp is at the phone number; a phone number is not a WhatsApp chat.
  { broader: "phone", narrower: ["whatsapp"] },
];

/**
 * Groups that say what is to be done rather than about what ("build", "set up"): in a question they
 * count as little as an everyday word ("CI/CD pipeline setup" is about CI/CD). (Counted as a plain
 * word instead, the development questions had 1 fewer answered right, the test questions as many.)
 */
export const ACTIVITY_WORDS: ReadonlySet<string> = new Set(["development", "setup"]);

/** Words by which a query asks for open jobs, and for articles: these rank as high as pages for it. */
export const JOB_WORDS: readonly string[] = [
  "jobs",
  "job",
  "careers",
  "vacancies",
  "openings",
  "hiring",
  "apply",
  "salary",
  "benefits",
  "internship",
  "resume",
];
export const POST_WORDS: readonly string[] = ["blog", "articles", "article", "posts", "post"];

/** English stop words (Snowball's list, as PostgreSQL's English configuration uses): never what a query is about. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them " +
    "their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did " +
    "doing a an the and but if or because as until while of at by for with about against between into through during before after above " +
    "below to from up down in out on off over under again further then once here there when where why how all any both each few more most " +
    "other some such no nor not only own same so than too very s t can will just don should now us u ur r " +
    // the same as typed in a hurry: contractions without their apostrophe, and "n", "4", "2" for "and", "for", "to"
    "im ive dont doesnt isnt arent cant wont didnt youre theres thats heres wasnt werent havent hasnt wouldnt couldnt shouldnt theyre youve weve n 4 2"
  ).split(" "),
);

/**
 * Words questions to a company are wrapped in, which say nothing about what a visitor wants ("Do you
 * offer penetration testing?" is about penetration testing). A query of nothing else is read by them.
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    "himaltech himal tech company companies firm business pls plz please would could may might shall must offer offers offering " +
    "provide provides providing tell describe describing fill filling allowed entitled permitted know want wanna need needs looking look like get gets got fetch retrieve give make help one someone anyone somebody " +
    "anything something thing things stuff kind kinds sort sorts type types way ways really actually also much many hi hello hey thanks thank question " +
    "questions info information details detail regarding service services read see find show choose pick use go come take let " +
    "currently right today possible able sure ok okay work works worked page pages section site re svc svcs whats hows wheres " +
    // how people write in a chat box: "do u guys build mobile apps", "is ur cdn down rn", "how do i auth w/ the API"
    "guys folks yall ya rn btw tbh w wat wats wht shud bits everything nah smth sth ppl b4 somewhere besides wants maybe hardly asap till til " +
    // how a question is put, not what it asks of ("how do I become a partner?", "just wondering, are you hiring")
    "become became becoming wondering wonder curious involving concerning " +
    // how sure or how exact the visitor is, which no answer depends on ("can I still apply somehow?", "roughly how long?")
    "somehow anyhow anyway anyways basically honestly literally kindly perhaps possibly probably generally usually typically normally " +
    "exactly roughly approximately still " +
    // the kind of fact asked for, which pages write as a figure ("20%"): the answer must state one (decision 098)
    "percent percentage"
  ).split(" "),
);

/**
 * A sentence that instructs the assistant rather than asks the site: it is left out of the question,
 * so an instruction never changes how a question is answered (a message of nothing else is declined).
 */
export const INSTRUCTION =
  /\b(ignore|ignoring|disregard|forget|override|bypass)\b[^.?!]{0,40}\b(instructions?|rules?|prompts?|previous|prior|above|guidelines)\b|system prompt|developer mode|jailbreak|new instructions?|\byou are now\b|\bpretend\b|role-?play|\brepeat (the|all|everything|your|after)\b|\b(print|reveal|show) (me )?your (prompt|instructions|rules|system)|\bdan\b|<\/?\s*(context|system|instructions?|prompt)\s*>|\bignorez\b|\bignorieren\b|\banweisungen\b/i;
