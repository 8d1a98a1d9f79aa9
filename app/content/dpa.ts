import { site } from "./site";

const { address } = site.contact;

/**
 * The standard data processing agreement, as the GDPR page's "Download DPA (PDF)" gives it: the
 * company's details fill it in; the client adds theirs and signs. Article numbers are the GDPR's.
 */
export const dataProcessingAgreement = {
  title: "Data Processing Agreement",
  fileName: `${site.name}-Data-Processing-Agreement.pdf`,
  version: "Version 1.0, effective January 1, 2023",
  processor: {
    heading: "Processor",
    lines: [
      site.legalName,
      `${address.street}, ${address.locality} ${address.postalCode}, ${address.region}, ${address.countryName}`,
      `Data protection officer: ${site.contact.dpoEmail}`,
    ],
  },
  controller: {
    heading: "Controller (the client)",
    lines: ["Name: ______________________________________", "Address: ____________________________________", "Contact: ____________________________________"],
  },
  intro: `This agreement forms part of the services agreement between the client (the controller) and ${site.legalName} (the processor) and governs the processing of personal data the processor carries out for the controller under it, in line with Article 28 of the General Data Protection Regulation (EU) 2016/679.`,
  sections: [
    {
      title: "1. Subject matter, duration, nature and purpose",
      text: "The processor processes personal data only to deliver the services agreed with the controller (software development, data science, AI, cybersecurity and cloud services), for as long as those services last, and only as the controller documents in its instructions.",
    },
    {
      title: "2. Types of data and data subjects",
      text: "Contact and account details, usage data and any personal data contained in the systems or datasets the controller gives the processor access to, concerning the controller's customers, users and staff.",
    },
    {
      title: "3. Obligations of the processor",
      text: "The processor acts only on the controller's documented instructions; ensures that everyone authorised to process the data is bound by confidentiality; takes the security measures of Article 32; helps the controller answer data subjects' requests and meet its obligations under Articles 32 to 36; and makes available all information needed to demonstrate compliance.",
    },
    {
      title: "4. Security measures",
      text: "Encryption in transit and at rest, least-privilege access with two-factor sign-in for staff, audit logs of administrative actions, regular independent security audits, tested backups, and secure deletion at the end of processing.",
    },
    {
      title: "5. Sub-processors",
      text: "The processor engages sub-processors only with the controller's prior written authorisation, on terms no less protective than this agreement, and remains liable for them. The current list is available from the data protection officer and the controller is told of any intended change, with the chance to object.",
    },
    {
      title: "6. International transfers",
      text: "Personal data of data subjects in the European Economic Area is transferred outside it only under the European Commission's Standard Contractual Clauses (Decision (EU) 2021/914), which are incorporated into this agreement by reference, with the processor as data importer.",
    },
    {
      title: "7. Personal data breaches",
      text: "The processor notifies the controller without undue delay, and in any case within 72 hours of becoming aware of a breach affecting the controller's data, with the information the controller needs to meet its own obligations.",
    },
    {
      title: "8. Audits",
      text: "The controller, or an auditor it mandates, may audit the processor's compliance with this agreement once a year, or after a breach, on thirty days' notice.",
    },
    {
      title: "9. End of processing",
      text: "When the services end the processor, at the controller's choice, returns or deletes all personal data processed for the controller, together with existing copies, unless the law requires it to be kept.",
    },
  ],
  signatures: {
    heading: "Signatures",
    lines: [`For ${site.legalName}: ______________________   Date: ____________`, "For the controller: ______________________   Date: ____________"],
  },
} as const;
