/** The demo world's assessment questions: choices in order, `answer` the right one's index. */
export type SeedQuestion = { text: string; choices: string[]; answer: number };

export const ASSESSMENT_QUESTIONS: Record<string, SeedQuestion[]> = {
  "Product Knowledge: Winter 2026": [
    {
      text: "Which fabric keeps a newborn warm without overheating?",
      choices: ["Polyester fleece", "Merino wool", "Nylon", "Acrylic"],
      answer: 1,
    },
    {
      text: "How many layers should a baby wear compared with an adult in the same room?",
      choices: ["Two fewer", "The same", "One more", "Three more"],
      answer: 2,
    },
    {
      text: "What does a TOG rating on a sleeping bag tell the customer?",
      choices: ["Its size", "How warm it is", "Its washing temperature", "Its age range"],
      answer: 1,
    },
    {
      text: "Which size of winter wear do you suggest for a baby between sizes?",
      choices: ["The smaller size", "The larger size", "Either", "An adult size"],
      answer: 1,
    },
    {
      text: "What should a baby never wear while sleeping in a cot?",
      choices: ["A vest", "A hat or hood", "Socks", "A sleepsuit"],
      answer: 1,
    },
    {
      text: "Which closure is safest on a toddler's winter jacket?",
      choices: ["Drawstrings at the neck", "Covered zip or snaps", "Loose buttons", "Toggles on cords"],
      answer: 1,
    },
  ],
  "Visual Merchandising Basics": [
    {
      text: "At what height should the best-selling products be placed?",
      choices: ["Floor level", "Eye level", "Top shelf", "Behind the counter"],
      answer: 1,
    },
    {
      text: "How often should the window display be changed?",
      choices: ["Once a year", "Every season or campaign", "Never", "Every day"],
      answer: 1,
    },
    {
      text: "Which way do most shoppers turn when they enter a store?",
      choices: ["Left", "Right", "Straight to the back", "Back out"],
      answer: 1,
    },
    {
      text: "How are apparel sizes arranged on a rail?",
      choices: ["Randomly", "Smallest to largest, left to right", "Largest first", "By price only"],
      answer: 1,
    },
    {
      text: "What is a focal point in a display?",
      choices: ["The price tag", "The spot the eye goes to first", "The store's exit", "The cash counter"],
      answer: 1,
    },
  ],
  "POS Billing and Returns": [
    {
      text: "What must the customer show to return a product?",
      choices: ["Nothing", "The bill", "An ID card", "The carry bag"],
      answer: 1,
    },
    {
      text: "When is a sales return raised to the warehouse?",
      choices: [
        "For a damaged or short delivered product",
        "For every sale",
        "At the end of each day",
        "Never",
      ],
      answer: 0,
    },
    {
      text: "Which number ties a bill to the customer's later return?",
      choices: ["The bill number", "The store's phone", "The product's MRP", "The cashier's name"],
      answer: 0,
    },
    {
      text: "What does the POS do when an item's MRP is higher than the label?",
      choices: [
        "Bill the higher MRP",
        "Bill the label's MRP and report it",
        "Refuse to bill",
        "Give it free",
      ],
      answer: 1,
    },
    {
      text: "A customer pays by card and the payment fails. What do you do?",
      choices: [
        "Hand over the goods",
        "Retry or take another mode before billing",
        "Bill it as cash",
        "Close the store",
      ],
      answer: 1,
    },
  ],
  "Customer Service": [
    {
      text: "How soon should a customer entering the store be greeted?",
      choices: ["Within a few seconds", "After ten minutes", "Only when they ask", "At the counter"],
      answer: 0,
    },
    {
      text: "A parent asks for a product that is out of stock. What is the best answer?",
      choices: [
        "Say no and move on",
        "Offer an alternative or to order it in",
        "Tell them to try another shop",
        "Ignore the question",
      ],
      answer: 1,
    },
    {
      text: "What is the first step with an unhappy customer?",
      choices: ["Argue", "Listen without interrupting", "Call the police", "Offer a discount at once"],
      answer: 1,
    },
    {
      text: "Which question helps a gift buyer most?",
      choices: ["How old is the child?", "What is your name?", "Do you have a car?", "Where do you live?"],
      answer: 0,
    },
    {
      text: "When should a customer's phone number be asked for?",
      choices: [
        "Never",
        "At billing, for the loyalty programme and receipts",
        "Before greeting",
        "Only for returns",
      ],
      answer: 1,
    },
  ],
};
