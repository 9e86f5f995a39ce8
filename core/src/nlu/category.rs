//! The Mexican category lexicon: which words mean which category, and what
//! type each category is.

use super::normalize::{Token, TokenKind};
use crate::tools::CategoryType;

/// A category Caja knows.
#[derive(Debug, PartialEq, Eq)]
pub struct Category {
    /// Stored key (ASCII, lower case).
    pub key: &'static str,
    /// How it is shown to people.
    pub label: &'static str,
    pub category_type: CategoryType,
    /// Folded keywords; several words are a phrase.
    pub keywords: &'static [&'static str],
}

use CategoryType::*;

/// Every category, in the order they are suggested.
pub const CATEGORIES: &[Category] = &[
    Category {
        key: "comida",
        label: "comida",
        category_type: Variable,
        keywords: &[
            "comida",
            "comidas",
            "restaurante",
            "restaurant",
            "tacos",
            "taco",
            "taquitos",
            "cafe",
            "cafecito",
            "starbucks",
            "cena",
            "cenar",
            "desayuno",
            "desayunar",
            "almuerzo",
            "almorzar",
            "comer",
            "pizza",
            "hamburguesa",
            "hamburguesas",
            "sushi",
            "tortas",
            "torta",
            "rappi",
            "uber eats",
            "didi food",
            "antojitos",
            "quesadillas",
            "tamales",
            "elotes",
            "garnachas",
            "fonda",
            "cocina economica",
            "pollo",
            "kfc",
            "mcdonalds",
            "burger king",
            "dominos",
            "little caesars",
            "cafeteria",
            "lonche",
            "comida corrida",
            "pozole",
            "birria",
            "mariscos",
            "helado",
            "pan",
            "panaderia",
            "refresco",
            "botana",
            "snacks",
            "carnitas",
            "barbacoa",
            "gorditas",
            "chilaquiles",
            "restaurantes",
            "vips",
            "sanborns",
            "toks",
            "italianni",
            "wings",
            "alitas",
        ],
    },
    Category {
        key: "transporte",
        label: "transporte",
        category_type: Variable,
        keywords: &[
            "transporte",
            "uber",
            "didi",
            "taxi",
            "metro",
            "metrobus",
            "camion",
            "micro",
            "combi",
            "pesero",
            "gasolina",
            "gas del coche",
            "pemex",
            "estacionamiento",
            "caseta",
            "casetas",
            "peaje",
            "cabify",
            "indrive",
            "tren",
            "tren ligero",
            "bici",
            "ecobici",
            "magna",
            "premium",
            "diesel",
            "llenar el tanque",
            "pasaje",
            "pasajes",
            "parquimetro",
            "tag",
            "pase",
            "verificacion",
            "tenencia",
            "refrendo",
            "autolavado",
            "lavado del coche",
            "mecanico",
            "llantas",
            "afinacion",
            "aceite",
            "servicio del coche",
            "taxis",
            "ubers",
        ],
    },
    Category {
        key: "supermercado",
        label: "súper",
        category_type: Variable,
        keywords: &[
            "super",
            "supermercado",
            "oxxo",
            "walmart",
            "soriana",
            "chedraui",
            "costco",
            "sams",
            "sam s",
            "bodega aurrera",
            "aurrera",
            "la comer",
            "mandado",
            "despensa",
            "7 eleven",
            "seven",
            "seven eleven",
            "heb",
            "mercado",
            "tianguis",
            "abarrotes",
            "tiendita",
            "city market",
            "superama",
            "fresko",
            "mercado libre",
            "amazon",
            "verduras",
            "fruta",
            "carne",
            "carniceria",
            "tortillas",
            "tortilleria",
            "leche",
            "huevo",
            "3b",
            "tienda",
            "miscelanea",
            "garrafon",
            "tiendas",
        ],
    },
    Category {
        key: "renta",
        label: "renta",
        category_type: Fixed,
        keywords: &[
            "renta",
            "alquiler",
            "arrendamiento",
            "departamento",
            "depa",
            "hipoteca",
        ],
    },
    Category {
        key: "luz",
        label: "luz",
        category_type: Fixed,
        keywords: &[
            "luz",
            "cfe",
            "electricidad",
            "recibo de luz",
            "energia electrica",
        ],
    },
    Category {
        key: "agua",
        label: "agua",
        category_type: Fixed,
        keywords: &[
            "agua",
            "recibo del agua",
            "recibo de agua",
            "sacmex",
            "siapa",
            "japay",
        ],
    },
    Category {
        key: "gas",
        label: "gas",
        category_type: Fixed,
        keywords: &[
            "gas",
            "gas lp",
            "gas natural",
            "tanque de gas",
            "pipa",
            "pipa de gas",
            "cilindro",
            "naturgy",
        ],
    },
    Category {
        key: "internet",
        label: "internet",
        category_type: Fixed,
        keywords: &[
            "internet",
            "telmex",
            "izzi",
            "totalplay",
            "megacable",
            "infinitum",
            "wifi",
            "fibra",
            "starlink",
            "cable",
        ],
    },
    Category {
        key: "celular",
        label: "celular",
        category_type: Fixed,
        keywords: &[
            "celular",
            "telcel",
            "at&t",
            "att",
            "movistar",
            "recarga",
            "recargas",
            "plan del celular",
            "telefono",
            "bait",
            "virgin mobile",
            "saldo del cel",
            "cel",
        ],
    },
    Category {
        key: "suscripciones",
        label: "suscripciones",
        category_type: Fixed,
        keywords: &[
            "suscripcion",
            "suscripciones",
            "netflix",
            "spotify",
            "disney",
            "disney+",
            "hbo",
            "max",
            "amazon prime",
            "prime",
            "prime video",
            "youtube premium",
            "youtube",
            "icloud",
            "apple music",
            "apple tv",
            "chatgpt",
            "paramount",
            "star+",
            "crunchyroll",
            "xbox game pass",
            "game pass",
            "playstation plus",
            "vix",
            "claro video",
            "google one",
            "canva",
            "office",
            "microsoft 365",
            "dropbox",
            "duolingo",
        ],
    },
    Category {
        key: "colegiatura",
        label: "colegiatura",
        category_type: Fixed,
        keywords: &[
            "colegiatura",
            "colegiaturas",
            "escuela",
            "inscripcion",
            "reinscripcion",
            "universidad",
            "uni",
            "kinder",
            "guarderia",
            "primaria",
            "secundaria",
            "prepa",
            "maestria",
            "mensualidad de la escuela",
        ],
    },
    Category {
        key: "seguros",
        label: "seguros",
        category_type: Fixed,
        keywords: &[
            "seguro",
            "seguros",
            "gnp",
            "axa",
            "poliza",
            "qualitas",
            "seguro del coche",
            "seguro de auto",
            "seguro de gastos medicos",
            "metlife",
            "mapfre",
        ],
    },
    Category {
        key: "gimnasio",
        label: "gimnasio",
        category_type: Fixed,
        keywords: &[
            "gimnasio",
            "gym",
            "smartfit",
            "smart fit",
            "crossfit",
            "sport city",
            "energy fitness",
            "yoga",
            "pilates",
            "natacion",
            "clases de box",
        ],
    },
    Category {
        key: "salud",
        label: "salud",
        category_type: Variable,
        keywords: &[
            "salud",
            "farmacia",
            "farmacias",
            "doctor",
            "doctora",
            "medico",
            "medica",
            "medicina",
            "medicinas",
            "medicamento",
            "medicamentos",
            "dentista",
            "hospital",
            "consulta",
            "similares",
            "farmacias guadalajara",
            "benavides",
            "san pablo",
            "del ahorro",
            "analisis",
            "laboratorio",
            "estudios",
            "psicologo",
            "terapia",
            "oculista",
            "lentes",
            "pastillas",
            "vacuna",
            "urgencias",
            "ginecologo",
            "pediatra",
        ],
    },
    Category {
        key: "entretenimiento",
        label: "entretenimiento",
        category_type: Variable,
        keywords: &[
            "entretenimiento",
            "cine",
            "cinepolis",
            "cinemex",
            "concierto",
            "bar",
            "antro",
            "chelas",
            "cheves",
            "cerveza",
            "cervezas",
            "fiesta",
            "peda",
            "videojuegos",
            "play",
            "switch",
            "consola",
            "videojuego",
            "juego",
            "boletos",
            "boleto",
            "ticketmaster",
            "teatro",
            "museo",
            "boliche",
            "karaoke",
            "futbol",
            "partido",
            "feria",
            "palomitas",
            "steam",
            "nintendo",
            "playstation",
            "xbox",
            "salida",
            "mezcal",
            "tequila",
            "drinks",
            "tragos",
            "copas",
            "six",
            "caguama",
            "caguamas",
            "parque",
            "six flags",
        ],
    },
    Category {
        key: "ropa",
        label: "ropa",
        category_type: Variable,
        keywords: &[
            "ropa",
            "tenis",
            "zapatos",
            "botas",
            "liverpool",
            "zara",
            "shein",
            "playera",
            "playeras",
            "pantalon",
            "pantalones",
            "vestido",
            "chamarra",
            "sudadera",
            "calcetines",
            "bershka",
            "pull and bear",
            "h&m",
            "c&a",
            "suburbia",
            "coppel ropa",
            "nike",
            "adidas",
            "zapateria",
            "bolsa",
            "camisa",
            "jeans",
            "blusa",
            "sueter",
            "palacio de hierro",
        ],
    },
    Category {
        key: "hogar",
        label: "hogar",
        category_type: Variable,
        keywords: &[
            "hogar",
            "casa",
            "muebles",
            "sillon",
            "silla",
            "sillas",
            "tele",
            "television",
            "pantalla",
            "refri",
            "escritorio",
            "lampara",
            "licuadora",
            "microondas",
            "mueble",
            "home depot",
            "ferreteria",
            "limpieza",
            "articulos de limpieza",
            "plomero",
            "electricista",
            "reparacion",
            "reparaciones",
            "sala",
            "colchon",
            "ikea",
            "pintura",
            "jabon",
            "detergente",
            "trastes",
            "cortinas",
            "sabanas",
            "lavadora",
            "refrigerador",
            "estufa",
            "foco",
            "focos",
            "cerrajero",
            "jardinero",
            "muchacha",
            "senora de la limpieza",
            "mantenimiento",
        ],
    },
    Category {
        key: "mascotas",
        label: "mascotas",
        category_type: Variable,
        keywords: &[
            "mascotas",
            "mascota",
            "veterinario",
            "veterinaria",
            "vet",
            "croquetas",
            "perro",
            "perrito",
            "gato",
            "gatito",
            "arena para gato",
            "petco",
            "+kota",
            "estetica canina",
        ],
    },
    Category {
        key: "educacion",
        label: "educación",
        category_type: Variable,
        keywords: &[
            "educacion",
            "libro",
            "libros",
            "curso",
            "cursos",
            "udemy",
            "platzi",
            "coursera",
            "utiles",
            "utiles escolares",
            "clases",
            "clase",
            "diplomado",
            "taller",
            "ingles",
            "papeleria",
            "uniforme",
            "uniformes",
        ],
    },
    Category {
        key: "regalos",
        label: "regalos",
        category_type: Variable,
        keywords: &[
            "regalo",
            "regalos",
            "cumpleanos",
            "cumple",
            "flores",
            "pastel",
            "navidad",
            "intercambio",
            "aniversario",
            "boda",
        ],
    },
    Category {
        key: "viajes",
        label: "viajes",
        category_type: Variable,
        keywords: &[
            "viaje",
            "viajes",
            "vuelo",
            "vuelos",
            "avion",
            "hotel",
            "hoteles",
            "airbnb",
            "hospedaje",
            "ado",
            "autobus",
            "volaris",
            "vivaaerobus",
            "aeromexico",
            "vacaciones",
            "playa",
            "maleta",
            "tour",
            "booking",
            "expedia",
        ],
    },
    Category {
        key: "cuidado_personal",
        label: "cuidado personal",
        category_type: Variable,
        keywords: &[
            "cuidado personal",
            "corte de pelo",
            "corte de cabello",
            "corte",
            "peluqueria",
            "barberia",
            "barbero",
            "estetica",
            "manicure",
            "las unas",
            "unas de gel",
            "unas acrilicas",
            "pedicure",
            "maquillaje",
            "perfume",
            "shampoo",
            "crema",
            "cremas",
            "spa",
            "masaje",
            "depilacion",
            "sephora",
            "tinte",
        ],
    },
    Category {
        key: "tarjeta",
        label: "pago de tarjeta",
        category_type: Debt,
        keywords: &[
            "pago de tarjeta",
            "pago de la tarjeta",
            "tarjeta de credito",
            "tdc",
            "pago de tdc",
            "tarjeta",
            "la tarjeta",
            "amex",
            "american express",
            "nu",
            "tarjeta nu",
            "tarjeta bbva",
            "tarjeta banamex",
            "liverpool tarjeta",
            "rappicard",
            "stori",
        ],
    },
    Category {
        key: "prestamo",
        label: "préstamo",
        category_type: Debt,
        keywords: &[
            "prestamo",
            "prestamos",
            "credito",
            "mensualidad del coche",
            "mensualidad del carro",
            "abono",
            "abonos",
            "infonavit",
            "fovissste",
            "coppel",
            "elektra",
            "credito automotriz",
            "kueski",
            "meses sin intereses",
            "msi",
            "deuda",
            "deudas",
        ],
    },
    Category {
        key: "donacion",
        label: "donación",
        category_type: Donation,
        keywords: &[
            "donacion",
            "donaciones",
            "diezmo",
            "donado",
            "ofrenda",
            "limosna",
            "caridad",
            "cruz roja",
            "teleton",
            "done",
            "donativo",
            "iglesia",
            "beneficencia",
            "fundacion",
            "unicef",
        ],
    },
    Category {
        key: "ahorro",
        label: "ahorro",
        category_type: Savings,
        keywords: &[
            "ahorro",
            "ahorros",
            "ahorre",
            "ahorrar",
            "cetes",
            "inversion",
            "inversiones",
            "invertir",
            "inverti",
            "afore",
            "apartado",
            "guardadito",
            "tanda",
            "fondo de emergencia",
            "gbm",
            "nu cajita",
            "cajita",
            "caja de ahorro",
            "plazo fijo",
            "pagare",
        ],
    },
    Category {
        key: "sueldo",
        label: "sueldo",
        category_type: Income,
        keywords: &[
            "sueldo",
            "nomina",
            "quincena",
            "salario",
            "aguinaldo",
            "bono",
            "pago de la chamba",
            "utilidades",
            "reparto de utilidades",
            "prima vacacional",
            "raya",
            "chamba",
            "trabajo",
            "honorarios asimilados",
        ],
    },
    Category {
        key: "ventas",
        label: "ventas",
        category_type: Income,
        keywords: &[
            "venta",
            "ventas",
            "vendi",
            "freelance",
            "diseno",
            "traduccion",
            "clases particulares",
            "asesoria",
            "honorarios",
            "cliente",
            "negocio",
            "proyecto",
            "comision",
            "comisiones",
            "factura",
            "propina",
            "propinas",
            "emprendimiento",
        ],
    },
    Category {
        key: "otros_ingresos",
        label: "otros ingresos",
        category_type: Income,
        keywords: &[
            "reembolso",
            "devolucion",
            "intereses",
            "rendimientos",
            "premio",
            "rifa",
            "vaquita",
            "herencia",
            "me regalaron",
            "regalaron",
            "cashback",
            "loteria",
            "beca",
            "pension",
        ],
    },
];

/// Looks a category up by its key.
pub fn by_key(key: &str) -> Option<&'static Category> {
    CATEGORIES.iter().find(|c| c.key == key)
}

/// Looks a category up by key or label as a person would type it.
pub fn by_name(name: &str) -> Option<&'static Category> {
    let folded = super::normalize::fold(name);
    let folded = folded.trim();
    CATEGORIES
        .iter()
        .find(|c| c.key == folded || super::normalize::fold(c.label) == folded)
}

/// A keyword found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CategoryMatch {
    pub category: &'static Category,
    /// The keyword as it appears in the lexicon.
    pub keyword: &'static str,
    /// Token span `[start, end)`.
    pub start: usize,
    pub end: usize,
    /// Matched with one typo.
    pub fuzzy: bool,
}

/// Words never read as categories even when they look like a keyword with a
/// typo (verbs and fillers that sit one letter away from a keyword).
const NOT_KEYWORDS: &[&str] = &[
    "pague",
    "pago",
    "gaste",
    "gasto",
    "gastos",
    "compre",
    "venta",
    "renta",
    "cuanto",
    "cuanta",
    "todo",
    "pase",
    "corto",
    "carta",
    "tarde",
    "cuenta",
    "vez",
    "mas",
    "casi",
    "costo",
    "comi",
    "come",
    "ayer",
    "cobre",
    "debo",
    "deje",
    "mes",
    "meses",
    "gastado",
    "llevo",
    "tengo",
    "queda",
    "cena",
    "saldo",
    "sueldo",
    "banco",
    "total",
    "lunes",
    "martes",
    "jueves",
    "dinero",
    "semana",
    "ultimo",
    "ultima",
    "borra",
    "mejor",
    "sobre",
    "pesos",
    "varos",
    "dolares",
    "euros",
    "quiero",
    "puedo",
    "cuesta",
    "cuestan",
    "para",
    "presupuesto",
    "limite",
    "maximo",
    "minimo",
    "gastar",
    "gastado",
    "compro",
    "compra",
];

/// Every category keyword in the tokens (longest phrase first at each
/// position), skipping tokens marked in `used`.
pub fn find_categories(tokens: &[Token], used: &[bool]) -> Vec<CategoryMatch> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if used.get(i).copied().unwrap_or(false) || tokens[i].kind != TokenKind::Word {
            i += 1;
            continue;
        }
        match best_at(tokens, i) {
            Some(m) => {
                i = m.end;
                found.push(m);
            }
            None => i += 1,
        }
    }
    found
}

/// Keywords indexed by their first word, built once.
struct Index {
    by_first_word: std::collections::HashMap<&'static str, Vec<(&'static Category, &'static str)>>,
    /// Single-word keywords a typo may reach, with their category.
    fuzzy: Vec<(&'static Category, &'static str)>,
}

fn index() -> &'static Index {
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_first_word: std::collections::HashMap<_, Vec<_>> =
            std::collections::HashMap::new();
        let mut fuzzy = Vec::new();
        for category in CATEGORIES {
            for &keyword in category.keywords {
                let first = keyword.split(' ').next().unwrap_or(keyword);
                by_first_word
                    .entry(first)
                    .or_default()
                    .push((category, keyword));
                if !keyword.contains(' ')
                    && keyword.len() >= 5
                    && keyword.bytes().all(|b| b.is_ascii_lowercase())
                {
                    fuzzy.push((category, keyword));
                }
            }
        }
        Index {
            by_first_word,
            fuzzy,
        }
    })
}

fn best_at(tokens: &[Token], start: usize) -> Option<CategoryMatch> {
    let word = tokens[start].text.as_str();
    let index = index();
    let mut best: Option<CategoryMatch> = None;
    // Exact keywords, by the word itself and its singular forms.
    let singular_s = word.strip_suffix('s');
    let singular_es = word.strip_suffix("es");
    for first in [Some(word), singular_s, singular_es].into_iter().flatten() {
        let Some(candidates) = index.by_first_word.get(first) else {
            continue;
        };
        for &(category, keyword) in candidates {
            let words = keyword.split(' ').count();
            if start + words > tokens.len() {
                continue;
            }
            if best.as_ref().is_some_and(|b| b.end - b.start >= words) {
                continue;
            }
            let exact = keyword
                .split(' ')
                .zip(&tokens[start..start + words])
                .all(|(k, t)| t.kind == TokenKind::Word && word_matches(k, &t.text));
            if exact {
                best = Some(CategoryMatch {
                    category,
                    keyword,
                    start,
                    end: start + words,
                    fuzzy: false,
                });
            }
        }
    }
    if best.is_some() {
        return best;
    }
    if word.len() < 5 || NOT_KEYWORDS.contains(&word) {
        return None;
    }
    index
        .fuzzy
        .iter()
        .find(|(_, keyword)| {
            keyword.len().abs_diff(word.len()) <= 1 && fuzzy_matches(keyword, word)
        })
        .map(|&(category, keyword)| CategoryMatch {
            category,
            keyword,
            start,
            end: start + 1,
            fuzzy: true,
        })
}

fn word_matches(keyword: &str, word: &str) -> bool {
    if keyword == word {
        return true;
    }
    // Plurals: "tacos" for "taco", "farmacias" for "farmacia".
    if keyword.len() >= 3 {
        if word.strip_suffix("es") == Some(keyword) {
            return true;
        }
        if let Some(stem) = word.strip_suffix('s') {
            return stem == keyword;
        }
    }
    false
}

fn fuzzy_matches(keyword: &str, word: &str) -> bool {
    if keyword.len() < 5 || word.len() < 5 || NOT_KEYWORDS.contains(&word) {
        return false;
    }
    if !keyword.bytes().all(|b| b.is_ascii_lowercase()) {
        return false;
    }
    edit_distance_at_most_one(keyword.as_bytes(), word.as_bytes())
}

/// True when `a` and `b` differ by at most one insertion, deletion,
/// substitution or swap of neighbours.
fn edit_distance_at_most_one(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return true;
    }
    let (la, lb) = (a.len(), b.len());
    if la.abs_diff(lb) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[prefix..], &b[prefix..]);
    if la == lb {
        let swapped = ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..];
        return ra[1..] == rb[1..] || swapped;
    }
    if la > lb {
        ra[1..] == *rb
    } else {
        *ra == rb[1..]
    }
}

#[cfg(test)]
mod tests {
    use super::super::normalize::{fold, tokenize};
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn first(text: &str) -> Option<&'static str> {
        let tokens = tokenize(&fold(text));
        let used = vec![false; tokens.len()];
        find_categories(&tokens, &used)
            .first()
            .map(|m| m.category.key)
    }

    #[test]
    fn keywords_phrases_plurals_and_typos() {
        assert_eq!(first("250 en uber"), Some("transporte"));
        assert_eq!(first("unos tacos"), Some("comida"));
        assert_eq!(first("el recibo de luz"), Some("luz"));
        assert_eq!(first("gasolna 500"), Some("transporte"));
        assert_eq!(first("gimnacio"), Some("gimnasio"));
        assert_eq!(first("pague 300"), None);
        assert_eq!(first("Netflix"), Some("suscripciones"));
    }

    #[test]
    fn the_lexicon_has_enough_categories_and_no_duplicate_keys() {
        assert!(CATEGORIES.len() >= 20);
        for (i, a) in CATEGORIES.iter().enumerate() {
            assert!(
                CATEGORIES[i + 1..].iter().all(|b| b.key != a.key),
                "{}",
                a.key
            );
            assert!(
                a.key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{}",
                a.key
            );
        }
    }
}
